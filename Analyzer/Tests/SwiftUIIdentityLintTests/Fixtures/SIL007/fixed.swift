import SwiftUI

struct Stepper: View {
    @Binding var value: Int

    var body: some View { Text("\(value)") }
}
