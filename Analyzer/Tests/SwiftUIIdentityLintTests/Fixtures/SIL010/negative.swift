import SwiftUI

struct AppearanceToggle: View, Equatable {
    @Binding var isDarkMode: Bool
    var body: some View { Toggle("Dark", isOn: $isDarkMode) }
    static func == (a: Self, b: Self) -> Bool { a.isDarkMode == b.isDarkMode }
}

struct Preferences: View {
    @State private var isDarkMode = false
    var body: some View {
        AppearanceToggle(isDarkMode: Binding(get: { isDarkMode }, set: { isDarkMode = $0 }))
    }
}
