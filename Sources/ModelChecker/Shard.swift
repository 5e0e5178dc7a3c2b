/// Part `index` (1-based) of `count` parts of a list of work items, dealt round-robin so that
/// every part gets a like share of small and large items and the partition depends on nothing but
/// the numbers: item `i` belongs to part `i % count + 1`.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, from 1 to `count`.
    package var index: Int
    /// How many parts.
    package var count: Int

    /// The whole list.
    package static let whole = Shard(index: 1, count: 1)!

    /// Part `index` of `count`; `nil` unless `1 <= index <= count`.
    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether item `item` (0-based) belongs to this part.
    package func contains(_ item: Int) -> Bool { item % count == index - 1 }

    /// The items of this part among `0 ..< total`, in order.
    package func indices(_ total: Int) -> [Int] { Array(stride(from: index - 1, to: total, by: count)) }

    /// The elements of `items` in this part, in order.
    package func select<T>(_ items: [T]) -> [T] { indices(items.count).map { items[$0] } }

    /// The elements of `items` in this part, in order, where `groups[i]` numbers the group of
    /// `items[i]` (groups numbered from 0 in the order they first appear): group `g` belongs to
    /// part `g % count + 1` whole, so items that must run together never land in two parts.
    package func select<T>(_ items: [T], groups: [Int]) -> [T] {
        precondition(groups.count == items.count, "one group number per item")
        return items.indices.filter { contains(groups[$0]) }.map { items[$0] }
    }

    package var description: String { "\(index)/\(count)" }
}
