import Invalidation

/// A row's place among the rows of its parent's `ForEach` (several `rowOf` of one parent): its
/// index in the lemma's order, and whether it is the last. The i-th row's offsets are 2i and
/// 2i + 1 (`firstOffset`), so one row's move or new key never shifts another's offset.
package struct RowSlot: Hashable, Sendable {
    package var index: Int
    package var isLast: Bool

    package init(index: Int, isLast: Bool) {
        self.index = index
        self.isLast = isLast
    }

    /// The row's first offset in its `ForEach`, 2i for the i-th row; its second is one more.
    package var firstOffset: Int { 2 * index }

    /// What a row's view shares with every row of its `ForEach` (one content closure, one type):
    /// its type's name, `@State`, `==` (what a reading `==` reads aside) and `.equatable()`, whether
    /// it is under `AnyView`, and the environment keys the closure writes on it (a modifier is part
    /// of the type; its value may differ between rows). The other row of a slot is built with the
    /// same shape.
    package struct ContentShape: Hashable {
        var type: String
        var hasState: Bool
        var equality: CustomEquality?
        var equatable: Bool
        var erased: Bool
        var writes: [String]

        package init(_ value: ViewValue, erased: Bool, writes: [String]) {
            type = value.type.rawValue
            hasState = value.hasState
            equality = value.equality.map { if case .reads = $0 { return .reads([]) } else { return $0 } }
            equatable = value.isEquatableWrapped
            self.erased = erased
            self.writes = writes
        }
    }

    /// What differs between two rows' `ContentShape`s, the first part that does, in the order
    /// `ContentShape` lists them: the reason the replay gives for trees with two contents.
    package enum ContentDifference: Equatable, Sendable {
        /// Their types' names, `@State`, `==` or `.equatable()`, or `AnyView` around one.
        case type
        /// The environment keys written on each (`.environment(\.key, v)`, sorted): the closure
        /// writes the same on every row.
        case environmentWrites(first: [String], second: [String])
    }

    /// Two rows of one parent whose views' `ContentShape`s differ at a render, and how (at the first such render).
    package struct MixedContent: Equatable, Sendable {
        package var first: Int
        package var second: Int
        package var difference: ContentDifference
    }

    /// The first two rows of one parent (`slots`) whose views' `ContentShape`s differ at a render
    /// of `values` (per path, its views and whether its place is erased) and `writes` (per path,
    /// per render, the environment keys written on it), or `nil`.
    package static func mixedContent(
        values: [(values: [ViewValue], erased: Bool)], writes: [[[String]]], slots: [RowSlot?], parents: [Int?]
    ) -> MixedContent? {
        for first in slots.indices where slots[first]?.index == 0 {
            for second in slots.indices where second != first && slots[second] != nil && parents[second] == parents[first] {
                let shapes = { (path: Int) in
                    zip(values[path].values, writes[path]).map { ContentShape($0, erased: values[path].erased, writes: $1) }
                }
                for (a, b) in zip(shapes(first), shapes(second)) where a != b {
                    var unwritten = (a, b)
                    unwritten.0.writes = []
                    unwritten.1.writes = []
                    let difference: ContentDifference = unwritten.0 == unwritten.1 ? .environmentWrites(first: a.writes, second: b.writes) : .type
                    return MixedContent(first: first, second: second, difference: difference)
                }
            }
        }
        return nil
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
