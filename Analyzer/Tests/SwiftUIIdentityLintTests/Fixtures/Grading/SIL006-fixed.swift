import SwiftUI

struct NoteField: View {
    @State private var text = ""
    var body: some View { TextField("Note", text: $text) }
}

struct Panel: View {
    @State private var compact = false
    var body: some View {
        VStack {
            if !compact { Text("Details") }
            NoteField()
        }
        Button("Toggle") { compact.toggle() }
    }
}
