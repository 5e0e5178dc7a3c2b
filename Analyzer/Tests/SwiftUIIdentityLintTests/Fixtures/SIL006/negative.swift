import SwiftUI

struct Counter: View {
    let step: Int
    @State private var count = 0
    var body: some View { Text("\(count)") }
}

struct Panel: View {
    @State private var compact = false
    var body: some View {
        VStack {
            Text("header")
            if compact {
                Counter(step: 1)
            } else {
                Text("no counter")
            }
        }
    }
}
