import SwiftUI

// The outer condition is the inner one (a computed property of the same conjuncts): when it
// flips, the inner arm flips with it, so the feed is never in both outer arms at once.
struct Feed: View {
    @State private var scrolled = 0
    var body: some View { Text("\(scrolled)") }
}

struct Gallery: View {
    @State private var mode = Mode.grid
    let player: String?

    var body: some View {
        if fullBleed {
            items
        } else {
            items
                .padding(.horizontal, 16)
        }
    }

    private var fullBleed: Bool { mode == .feed && player != nil }

    @ViewBuilder
    private var items: some View {
        if mode == .feed, let player {
            Feed().overlay(Text(player))
        } else {
            Text("grid")
        }
    }

    enum Mode { case grid, feed }
}
