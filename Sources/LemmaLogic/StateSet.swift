import Invalidation

/// The user's set of a view's `@State` between two renders (`mutate p after r`): the `Int` value
/// it held after the earlier render, the value set (possibly the same), and whether the view's body
/// read the state. Whether it changed at the next render is not chosen but follows (`change`).
package struct StateSet: Hashable, Sendable, CustomStringConvertible {
    package var held: Int
    package var set: Int
    /// The body read the state (`Text(state)`), so a committed change of it is read (I8).
    package var read: Bool

    package init(held: Int, set: Int, read: Bool) {
        self.held = held
        self.set = set
        self.read = read
    }

    /// The view's own state change at the next render: none when the set commits nothing (a value
    /// equal under `==` to the one held, `InvalidationRules.i8SetCommits`) or when the view's
    /// identity did not survive (the set went to the old storage; the new view's state is fresh, I1).
    package func change(survives: Bool, under rules: InvalidationRules) -> StateChange {
        guard survives, rules.i8SetCommits(current: held, new: set) else { return .none }
        return read ? .changedRead : .changedUnread
    }

    package var description: String { "holds \(held), then set to \(set)\(read ? ", read" : ", unread")" }
}
