import SwiftUI

struct Settings: View {
    @State private var titles = ["Wi-Fi", "Bluetooth"]
    var body: some View {
        VStack {
            ForEach(titles.indices, id: \.self) { index in
                Text(titles[index])
            }
        }
    }
}
