import SwiftUI

// Rows keyed by a plain value the view only replaces as a whole: an element never changes in
// place, and a new value is a new file whose row rightly starts again.
struct FileRow: View {
    let file: URL
    @State private var playing = false
    var body: some View { Text(file.lastPathComponent).onTapGesture { playing.toggle() } }
}

struct FileList: View {
    @State private var files: [URL] = []
    var body: some View {
        List {
            ForEach(files, id: \.self) { file in
                FileRow(file: file)
            }
        }
        .task { files = [URL(fileURLWithPath: "/a"), URL(fileURLWithPath: "/b")] }
    }
}
