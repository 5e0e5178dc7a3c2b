import SwiftUI

struct Browser: View {
    @State private var selection = 0
    var body: some View {
        Text("\(selection)")
            .id(selection)
    }
}
