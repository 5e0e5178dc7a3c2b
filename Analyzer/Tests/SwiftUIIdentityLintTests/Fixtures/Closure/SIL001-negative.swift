import SwiftUI

struct Artwork: View {
    @State private var loaded = false
    var body: some View { Text(loaded ? "art" : "…") }
}

// The closure captures state, but whether the card holds one is fixed per call site.
struct Card: View {
    let onTap: (() -> Void)?
    var body: some View {
        if let onTap {
            Artwork().padding(4).onTapGesture { onTap() }
        } else {
            Artwork()
        }
    }
}

struct Grid: View {
    @State private var selected = 0
    var body: some View {
        Card(onTap: { selected += 1 })
    }
}
