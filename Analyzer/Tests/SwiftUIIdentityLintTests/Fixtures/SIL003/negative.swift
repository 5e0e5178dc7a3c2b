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

    var content: AnyView {
        if highlighted {
            return AnyView(Card())
        }
        return AnyView(Card())
    }
}
