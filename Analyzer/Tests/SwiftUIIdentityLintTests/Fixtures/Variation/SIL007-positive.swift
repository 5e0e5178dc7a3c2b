import SwiftUI

struct Stepper: View {
    @State private var value: Int

    init(start: Int) {
        _value = State(initialValue: start)
    }

    var body: some View { Text("\(value)") }
}

struct Settings: View {
    @State private var saved = 3
    var body: some View {
        VStack {
            Stepper(start: 1)
            Stepper(start: saved)
        }
    }
}
