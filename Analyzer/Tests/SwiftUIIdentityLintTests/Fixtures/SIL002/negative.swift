import SwiftUI

struct TodoList: View {
    @State private var todos: [String] = ["Buy bread", "Call Mum"]
    var body: some View {
        List {
            ForEach(todos, id: \.self) { todo in
                Text(todo)
            }
        }
    }
}
