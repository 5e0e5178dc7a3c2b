import SwiftUI

struct Card: View {
    @State private var flipped = false
    var body: some View { Text("card") }
}

struct Deck: View {
    @State private var highlighted = false
    var body: some View {
        VStack {
            content
        }
    }

    var content: some View {
        Card().border(highlighted ? Color.red : Color.clear)
    }
}
