import SwiftUI

struct Stepper: View {
    @State private var value: Int

    init(start: Int) {
        _value = State(initialValue: start)
    }

    var body: some View { Text("\(value)") }
}

// The parent passes a value that changes: the later values are the ones ignored.
struct Settings: View {
    @State private var saved = 3
    var body: some View { Stepper(start: saved) }
}
