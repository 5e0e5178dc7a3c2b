import SwiftUI

struct TodoRow: View {
    let text: String
    @State private var isExpanded = false
    var body: some View { Text(text) }
}

struct TodoList: View {
    @State private var todos: [String] = ["Buy bread", "Call Mum"]
    var body: some View {
        List {
            ForEach(todos, id: \.self) { todo in
                TodoRow(text: todo)
            }
        }
        // An element edited in place: its row gets a new key.
        Button("Fix typo") { todos[0] = "Buy bred" }
    }
}
