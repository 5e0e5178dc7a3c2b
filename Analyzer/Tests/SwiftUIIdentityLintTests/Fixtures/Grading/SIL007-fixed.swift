import SwiftUI

struct Badge: View {
    let count: Int
    var body: some View { Text("\(count)") }
}

struct Inbox: View {
    @State private var unread = 0
    var body: some View {
        Badge(count: unread)
        Button("Receive") { unread += 1 }
    }
}
