/// A view's `Equatable` conformance as invalidation lemmas see it: none, or a custom `==` that
/// always returns `true` or always `false`. A `==` that reads properties (`reads(…)`) is left to
/// scenarios: the lemma level has no vocabulary for what it reads.
package enum ViewEquality: String, Hashable, Sendable, CaseIterable {
    case notEquatable, alwaysTrue, alwaysFalse
}
