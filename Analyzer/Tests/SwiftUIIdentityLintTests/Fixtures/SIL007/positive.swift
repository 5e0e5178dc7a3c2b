import SwiftUI

struct Stepper: View {
    @State private var value: Int

    init(start: Int) {
        _value = State(initialValue: start)
    }

    var body: some View { Text("\(value)") }
}
