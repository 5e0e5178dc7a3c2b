/// A field of the view an invalidation lemma's path ends in (Lemmas/README.md, "Invalidation
/// lemmas"): `p.props`, `p.pod`, `p.equatable`, `p.eq`, `p.hasState`, `p.stateRead`,
/// `p.stateUnread`, `p.signalled`, `p.initialSame`, and with `mutate` `p.state`, `p.set`. Values are the new render's; while the identity
/// survives the old value has the same properties (the same type), each with its own old value.
package enum ViewField: String, Hashable, Sendable, CaseIterable {
    /// The number of stored properties.
    case props
    /// Every stored property is plain data and there is no `@State` (I2).
    case pod
    /// Wrapped in `.equatable()` (I4).
    case equatable
    /// The view's `Equatable` conformance (`ViewEquality`).
    case eq
    /// The view declares `@State`.
    case hasState
    /// Its own state changed since the previous render and its body had read it (I8).
    case stateRead
    /// Its own state changed and its body had not read it.
    case stateUnread
    /// A dependency changed (I8): a hand-written signal, a tracked `@Observable` property, an
    /// object's send (I11) or a declared `@Environment` key's value (I10).
    case signalled
    /// The `@State`'s initial value (`State(initialValue:)`) is the one the previous render's view
    /// value held (I3); true for a view without `@State`.
    case initialSame
    /// With `mutate p after r`: the value its `@State` holds after render `r`, before the set (an `Int`).
    case state
    /// With `mutate p after r`: the value the user sets it to after render `r`, possibly the one it holds.
    case set

    /// The sort of the field's value.
    package var sort: InvalidationSort {
        switch self {
        case .props, .state, .set: return .int
        case .eq: return .equality
        case .pod, .equatable, .hasState, .stateRead, .stateUnread, .signalled, .initialSame: return .bool
        }
    }
}
