import SwiftUI

struct Stepper: View {
    @State private var value: Int

    init(start: Int) {
        _value = State(initialValue: start)
    }

    var body: some View { Text("\(value)") }
}

struct Defaults {
    var start = 3
}

// A constant and an injected dependency nothing observes: the seed is an initial value, meant
// as such.
struct Settings: View {
    let defaults: Defaults
    var body: some View {
        VStack {
            Stepper(start: 1)
            Stepper(start: defaults.start)
        }
    }
}
