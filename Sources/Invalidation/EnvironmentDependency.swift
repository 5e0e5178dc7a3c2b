/// Whether a view's declared `@Environment` keys are dependencies of its body (I10).
public enum EnvironmentDependency: String, Hashable, Sendable {
    /// Declarations change nothing: an environment change runs a body only through a hand-written
    /// `signal` (the rules before I10).
    case undeclared
    /// A body runs when the value of a key it declares, reaching it, changed since the previous
    /// render, whatever its parent did; another key's change does not run it.
    case perKey
}
