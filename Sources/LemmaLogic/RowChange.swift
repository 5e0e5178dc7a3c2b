import IdentityModel

/// What a `ForEach` row's place did at a transition (`assume rowOf(q, p)`): whether the row's key
/// in the later render was a key of the `ForEach` in the earlier one (`keyKept`), and whether the
/// row moved to another offset (`moved`). Under R8 a row's identity is its parent's and its key
/// (docs/rules.md R8), so it survives iff its parent does and its key is kept.
package struct RowChange: Hashable, Sendable, CustomStringConvertible {
    package var keyKept: Bool
    package var moved: Bool

    package init(keyKept: Bool, moved: Bool = false) {
        self.keyKept = keyKept
        self.moved = moved
    }

    /// What a parent whose body did not run hands down: its `ForEach`'s data, so the same keys at
    /// the same offsets (I9, "What a skipped parent hands down").
    package var isHandedDown: Bool { keyKept && !moved }

    /// The step of a row with `key` at `offset`: the element of `ForEach(items) { Row(…) }` over
    /// `Identifiable` items (R8).
    package static func step(key: Int, offset: Int) -> PathStep { .forEach(source: .identifiable, key: .int(key), offset: offset) }

    /// Whether `rules` identify a row by its key alone, as R8 does: the same key at another offset
    /// gives the same element, another key another element. Read from the rule function itself, so
    /// a mutant of R8 (`forEachByOffset`, `forEachKeyIgnored`) says no without a case here.
    package static func identifiedByKey(under rules: RuleSet) -> Bool {
        let element = { (key: Int, offset: Int) in rules.element(of: step(key: key, offset: offset), generation: 0) }
        return element(0, 0) == element(0, 1) && element(0, 0) != element(1, 0)
            && !rules.restartsIdentity(at: step(key: 0, offset: 0))
    }

    package var description: String { (keyKept ? "key kept" : "new key") + (moved ? ", moved" : "") }
}
