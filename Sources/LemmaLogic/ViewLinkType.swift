/// The type of a view at the path level (`ViewLink`), as far as a lemma reads it: its `==`,
/// `.equatable()`, `@State` and an `@Environment` the lemma does not name. A link's earlier view
/// has a type of its own only where its identity is new: `AnyView` erases the type, so a new
/// identity at a place may be another type (R5, I1; FINDINGS.md 46); the link's `old` values are
/// then its stored properties, of any count and kinds.
package struct ViewLinkType: Hashable, Sendable {
    package var equality: ViewEquality
    package var equatable: Bool
    package var hasState: Bool
    package var declaresUnnamedEnvironment: Bool

    package init(equality: ViewEquality, equatable: Bool, hasState: Bool, declaresUnnamedEnvironment: Bool) {
        self.equality = equality
        self.equatable = equatable
        self.hasState = hasState
        self.declaresUnnamedEnvironment = declaresUnnamedEnvironment
    }

    /// Whether Swift could declare it: `.equatable()` needs an `Equatable` view.
    package var isWellFormed: Bool { !equatable || equality != .notEquatable }
}
