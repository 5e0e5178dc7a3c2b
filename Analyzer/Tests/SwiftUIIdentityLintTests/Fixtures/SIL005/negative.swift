import SwiftUI

struct Screen: View {
    var body: some View {
        VStack {
            Text("title")
                .id(UUID())
        }
    }
}
