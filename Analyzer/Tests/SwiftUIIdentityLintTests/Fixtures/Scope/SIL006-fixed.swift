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

    private func content(_ mode: Int) -> some View {
        VStack {
            Poster()
            if mode == 0 { Text("first") }
        }
    }
}
