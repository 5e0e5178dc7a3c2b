/// A row's place among the rows of its parent's `ForEach` (several `rowOf` of one parent): its
/// index in the lemma's order, and whether it is the last. The i-th row's offsets are 2i and
/// 2i + 1 (`ViewChainTrees`), so one row's move or new key never shifts another's offset.
package struct RowSlot: Hashable, Sendable {
    package var index: Int
    package var isLast: Bool

    package init(index: Int, isLast: Bool) {
        self.index = index
        self.isLast = isLast
    }

    /// Per path, its place among the rows its parent's view makes, or `nil` for a path not in
    /// `rows` (the paths `rowOf` declares).
    package static func slots(rows: Set<Int>, parents: [Int?]) -> [RowSlot?] {
        parents.indices.map { path in
            guard rows.contains(path), let parent = parents[path] else { return nil }
            let siblings = parents.indices.filter { rows.contains($0) && parents[$0] == parent }
            let index = siblings.firstIndex(of: path)!
            return RowSlot(index: index, isLast: index == siblings.count - 1)
        }
    }
}
