import SwiftUI

// The lost state is a spinner's, set when it appears: no user input is lost.
struct Spinner: View {
    @State private var spinning = false
    var body: some View {
        Image(systemName: "arrow.2.circlepath")
            .rotationEffect(.degrees(spinning ? 360 : 0))
            .onAppear { spinning = true }
    }
}

struct Panel: View {
    @State private var compact = false
    var body: some View {
        if compact {
            Spinner()
        } else {
            VStack {
                Text("Loading")
                Spinner()
            }
        }
        Button("Toggle") { compact.toggle() }
    }
}
