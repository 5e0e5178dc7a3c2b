import SwiftUI

struct Artwork: View {
    @State private var loaded = false
    var body: some View { Text(loaded ? "art" : "…") }
}

struct Card: View {
    let isHighlighted: () -> Bool
    var body: some View {
        Artwork().padding(isHighlighted() ? 4 : 0)
    }
}

struct Grid: View {
    @State private var selected = 0
    var body: some View {
        Card(isHighlighted: { selected == 1 })
    }
}
