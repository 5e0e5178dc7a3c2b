import SwiftUI

struct Poster: View {
    @State private var loaded = false
    var body: some View { Text(loaded ? "poster" : "…") }
}

// Each name below shadows the `@State mode` with a value fixed for this view.
struct Page: View {
    @State private var mode = 0
    let kind: Int
    let rows: [Int]
    var body: some View {
        VStack {
            content(kind)
            ForEach(rows, id: \.self) { mode in
                if mode == 0 {
                    Poster()
                    Text("first")
                } else {
                    Poster()
                }
            }
            local
            Button("next") { mode += 1 }
        }
    }

    private func content(_ mode: Int) -> some View {
        if mode == 0 {
            Poster()
            Text("first")
        } else {
            Poster()
        }
    }

    @ViewBuilder private var local: some View {
        let mode = kind
        if mode == 0 {
            Poster()
            Text("first")
        } else {
            Poster()
        }
    }
}
