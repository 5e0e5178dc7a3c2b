import RealmSwift
import SwiftUI

// The same shelf, but the key is not the primary key: an object without one (NSObject's hash),
// and one whose own `hash`/`isEqual` read its fields. Still reported.
class Note: Object {
    @Persisted var text: String
}

class Draft: Object {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var text: String
    override var hash: Int { text.hashValue }
    override func isEqual(_ object: Any?) -> Bool { (object as? Draft)?.text == text }
}

struct NoteCell: View {
    let text: String
    @State private var expanded = false
    var body: some View { Text(text).onTapGesture { expanded.toggle() } }
}

struct Notes: View {
    @ObservedResults(Note.self) var notes
    var body: some View {
        ForEach(notes, id: \.self) { note in
            NoteCell(text: note.text)
        }
    }
}

struct Drafts: View {
    @ObservedResults(Draft.self) var drafts
    var body: some View {
        ForEach(drafts, id: \.self) { draft in
            NoteCell(text: draft.text)
        }
    }
}
