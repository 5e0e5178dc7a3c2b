import SwiftUI

struct Form: View {
    @State private var name = ""
    var body: some View { TextField("Name", text: $name) }
}

struct Screen: View {
    var body: some View {
        VStack {
            Form()
                .id(UUID())
        }
    }
}
