import SwiftUI

struct Stepper: View {
    @State private var value: Int

    init() {
        _value = State(initialValue: 0)
    }

    var body: some View { Text("\(value)") }
}
