import SwiftUI

struct Counter: View {
    @State private var count = 0
    var body: some View { Text("\(count)") }
}

struct Card: View {
    let isExpanded: Bool
    var body: some View {
        Counter()
        if isExpanded {
            Text("more")
        }
    }
}

struct Screen: View {
    @State private var expanded = false
    var body: some View {
        VStack {
            Card(isExpanded: expanded)
            Card(isExpanded: true)
        }
    }
}
