import SwiftUI

struct Profile: View {
    @State private var draft = ""
    var body: some View { TextField("Name", text: $draft) }
}

struct Editor: View {
    let isEditing: Bool
    var body: some View {
        if isEditing {
            Profile().padding(8)
        } else {
            Profile()
        }
    }
}
