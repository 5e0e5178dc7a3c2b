import SwiftUI

struct Row: View {
    let title: String
    @State private var isOn = false
    var body: some View { Toggle(title, isOn: $isOn) }
}

struct Settings: View {
    @State private var titles = ["Wi-Fi", "Bluetooth"]
    var body: some View {
        VStack {
            ForEach(titles.indices, id: \.self) { index in
                Row(title: titles[index])
            }
            ForEach(0..<titles.count) { index in
                Row(title: titles[index])
            }
        }
    }
}
