import SwiftUI

// The same plain values, but an element is edited in place (a subscript write, a binding to
// the elements): the edited row gets a new identity. Still reported.
struct NameRow: View {
    let name: String
    @State private var selected = false
    var body: some View { Text(name).onTapGesture { selected.toggle() } }
}

struct Renamer: View {
    @State private var names: [String] = ["a", "b"]
    var body: some View {
        ForEach(names, id: \.self) { name in
            NameRow(name: name)
        }
        Button("Rename") { names[0] = "c" }
    }
}

struct Editor: View {
    @State private var names: [String] = ["a", "b"]
    var body: some View {
        ForEach(names, id: \.self) { name in
            NameRow(name: name)
        }
        EditList(names: $names)
    }
}

struct EditList: View {
    @Binding var names: [String]
    var body: some View { Text("\(names.count)") }
}
