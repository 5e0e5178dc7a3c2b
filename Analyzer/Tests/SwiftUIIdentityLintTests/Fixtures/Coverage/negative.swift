import SwiftUI

struct Counter: View {
    @State private var count = 0
    var body: some View { Text("\(count)") }
}

struct Screen: View {
    @State private var compact = false
    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVGrid(columns: []) {
                    Counter()
                    if compact {
                        Text("compact")
                    }
                }
            }
            .navigationTitle("Counter")
            #if os(iOS)
            .navigationBarTitleDisplayMode(.inline)
            #endif
        }
    }
}
