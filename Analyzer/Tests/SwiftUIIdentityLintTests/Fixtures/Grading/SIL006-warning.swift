import SwiftUI

// The lost state is the user's: what they typed.
struct NoteField: View {
    @State private var text = ""
    var body: some View { TextField("Note", text: $text) }
}

struct Panel: View {
    @State private var compact = false
    var body: some View {
        if compact {
            NoteField()
        } else {
            VStack {
                Text("Details")
                NoteField()
            }
        }
        Button("Toggle") { compact.toggle() }
    }
}
