import SwiftUI

struct Counter: View {
    @State private var count = 0
    var body: some View { Text("\(count)") }
}

final class Service {
    let isPreview = false
}

// Every call site passes a constant, and the service is an injected dependency that nothing
// observes: neither condition changes for one card.
struct Card: View {
    let isExpanded: Bool
    let service: Service
    var body: some View {
        if isExpanded {
            Counter()
            Text("more")
        } else {
            Counter()
        }
        if service.isPreview {
            Counter()
        } else {
            Counter().padding()
        }
    }
}

struct Screen: View {
    let service: Service
    var body: some View {
        VStack {
            Card(isExpanded: true, service: service)
            Card(isExpanded: false, service: service)
            ForEach(0..<3) { item in
                Card(isExpanded: item > 1, service: service)
            }
        }
    }
}
