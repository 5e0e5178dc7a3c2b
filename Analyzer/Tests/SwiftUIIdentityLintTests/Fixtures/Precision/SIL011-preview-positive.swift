import SwiftUI

// Named like a preview, but an app view: its updates happen, the child runs again.
struct FeedList: View {
    let items: [String]
    let loadMore: () -> Void
    var body: some View { List(items, id: \.self) { Text($0) }.onAppear(perform: loadMore) }
}

struct Preview: View {
    @State private var items: [String] = []
    var body: some View { FeedList(items: items, loadMore: { items.append("more") }) }
}

struct FeedList_Previews: PreviewProvider {
    static var previews: some View { Preview() }
}
