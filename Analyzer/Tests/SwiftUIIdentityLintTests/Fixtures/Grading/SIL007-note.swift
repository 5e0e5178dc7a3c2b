import SwiftUI

// A countdown started from the duration: the view writes the state itself, by design.
struct Countdown: View {
    @State private var remaining: Int
    init(duration: Int) { _remaining = State(initialValue: duration) }
    var body: some View {
        Text("\(remaining)")
            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in remaining -= 1 }
    }
}

struct Workout: View {
    @State private var rest = 60
    var body: some View {
        Countdown(duration: rest)
        Button("Longer") { rest += 30 }
    }
}
