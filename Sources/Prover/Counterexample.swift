import IdentityModel

/// A refutation a person can read: the renders as SwiftUI-like code, the first path element where
/// the identities differ, the lifecycle trace, and the solver's raw paths. It has been replayed on
/// trees by the explicit-state semantics before anyone sees it.
public struct Counterexample: Sendable {
    /// The render names of the lemma, with each render's code.
    public var renders: [(name: String, code: String)]
    /// The renders themselves (for pictures).
    public var trees: [Render]
    /// "element 2: arm(true) in before, arm(false) in after", or nil when the identities agree.
    public var firstDifference: String?
    /// The lifecycle events of the replay, oldest first.
    public var trace: [String]
    /// The paths as the solver (or the checker) found them.
    public var paths: [String]
    /// Which route found it.
    public var origin: Origin

    /// Which route found a counterexample; the raw value is what reports print.
    public enum Origin: String, Sendable {
        case z3 = "z3 model, replayed on trees"
        case checker = "explicit-state checker"
        case scenario
    }
}
