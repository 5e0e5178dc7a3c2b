import SwiftUI

struct Artwork: View {
    @State private var loaded = false
    var body: some View { Text(loaded ? "art" : "…") }
}

// What the closure returns follows the parent's state: the condition toggles.
struct Card: View {
    let isHighlighted: () -> Bool
    var body: some View {
        if isHighlighted() {
            Artwork().padding(4)
        } else {
            Artwork()
        }
    }
}

struct Grid: View {
    @State private var selected = 0
    var body: some View {
        Card(isHighlighted: { selected == 1 })
    }
}
