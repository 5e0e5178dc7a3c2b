import SwiftUI

// The view only shows the seeded value: a later value from the parent is never seen.
struct Badge: View {
    @State private var count: Int
    init(count: Int) { _count = State(initialValue: count) }
    var body: some View { Text("\(count)") }
}

struct Inbox: View {
    @State private var unread = 0
    var body: some View {
        Badge(count: unread)
        Button("Receive") { unread += 1 }
    }
}
