import SwiftUI

struct Todo: Identifiable {
    let id = UUID()
    var text: String
}

struct TodoRow: View {
    let text: String
    @State private var isExpanded = false
    var body: some View { Text(text) }
}

struct TodoList: View {
    @State private var todos: [Todo] = []
    var body: some View {
        List {
            ForEach(todos) { todo in
                TodoRow(text: todo.text)
            }
        }
    }
}
