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

// The parent passes a value that changes: the condition really toggles.
struct Screen: View {
    @State private var editing = false
    var body: some View { Editor(isEditing: editing) }
}
