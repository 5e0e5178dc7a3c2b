import SwiftUI

struct Poster: View {
    @State private var loaded = false
    var body: some View { Text(loaded ? "poster" : "…") }
}

struct Page: View {
    @State private var mode = 0
    var body: some View {
        VStack {
            content(mode)
            Button("next") { mode += 1 }
        }
    }

    // The parameter is the state passed on: it varies, and the poster restarts.
    private func content(_ mode: Int) -> some View {
        if mode == 0 {
            Poster()
            Text("first")
        } else {
            Poster()
        }
    }
}
