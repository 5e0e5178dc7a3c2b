import SwiftUI

struct Stepper: View {
    @Binding var value: Int

    var body: some View { Text("\(value)") }
}

struct Settings: View {
    @State private var saved = 3
    var body: some View {
        VStack {
            Stepper(value: $saved)
        }
    }
}
