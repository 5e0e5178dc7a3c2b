import SwiftUI

struct Setting: Identifiable {
    let id: Int
    let title: String
}

struct Row: View {
    let title: String
    @State private var isOn = false
    var body: some View { Toggle(title, isOn: $isOn) }
}

struct Settings: View {
    @State private var settings: [Setting] = []
    var body: some View {
        VStack {
            ForEach(settings) { setting in
                Row(title: setting.title)
            }
        }
    }
}
