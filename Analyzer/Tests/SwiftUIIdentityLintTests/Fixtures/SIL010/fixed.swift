import SwiftUI

struct AppearanceToggle: View {
    @Binding var isDarkMode: Bool
    var body: some View { Toggle("Dark", isOn: $isDarkMode) }
}

struct Preferences: View {
    @State private var isDarkMode = false
    var body: some View {
        AppearanceToggle(isDarkMode: $isDarkMode)
    }
}
