import SwiftUI

// A preview's host view with state: no app code renders it, so its updates never happen.
struct FeedList: View {
    let items: [String]
    let loadMore: () -> Void
    var body: some View { List(items, id: \.self) { Text($0) }.onAppear(perform: loadMore) }
}

struct FeedList_Previews: PreviewProvider {
    private struct Host: View {
        @State private var items: [String] = []
        var body: some View { FeedList(items: items, loadMore: { items.append("more") }) }
    }
    static var previews: some View { Host() }
}
