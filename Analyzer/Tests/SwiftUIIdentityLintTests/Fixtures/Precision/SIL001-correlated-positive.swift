import SwiftUI

// The outer condition says more than the inner one: with `wide` false and the feed mode on, the
// feed is in the other outer arm, and toggling `wide` restarts it. Still reported.
struct Feed: View {
    @State private var scrolled = 0
    var body: some View { Text("\(scrolled)") }
}

struct Gallery: View {
    @State private var mode = Mode.grid
    @State private var wide = false

    var body: some View {
        if fullBleed {
            items
        } else {
            items
                .padding(.horizontal, 16)
        }
    }

    private var fullBleed: Bool { mode == .feed && wide }

    @ViewBuilder
    private var items: some View {
        if mode == .feed {
            Feed()
        } else {
            Text("grid")
        }
    }

    enum Mode { case grid, feed }
}
