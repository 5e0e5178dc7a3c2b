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
                Form {
                    Section {
                        if compact {
                            Counter().padding()
                        } else {
                            Counter()
                        }
                    } header: {
                        Text("Counter")
                    }
                }
            }
        }
    }
}

struct Platform: View {
    @State private var wide = false
    var body: some View {
        #if os(iOS)
        if wide {
            Counter()
            Text("wide")
        } else {
            Counter()
        }
        #else
        Counter()
        #endif
    }
}
