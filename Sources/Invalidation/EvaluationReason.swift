/// Why a body was evaluated or skipped in a render.
public enum EvaluationReason: Hashable, Sendable, CustomStringConvertible {
    /// Evaluated: the identity is new (I1).
    case newIdentity
    /// Evaluated: the comparison said different (I2–I7).
    case comparedDifferent(ComparisonVerdict)
    /// Evaluated: its own state changed and the body had read it (I8).
    case ownStateChanged
    /// Evaluated: an observed dependency changed (I8).
    case dependencyChanged
    /// Evaluated: the value of an environment key the view declares changed (I10).
    case environmentChanged(key: String)
    /// Skipped: the comparison said equal.
    case comparedEqual
    /// Skipped: its parent's body did not run, so it has no new value (I9).
    case parentSkipped

    /// Whether the body runs.
    public var evaluates: Bool {
        switch self {
        case .newIdentity, .comparedDifferent, .ownStateChanged, .dependencyChanged, .environmentChanged: return true
        case .comparedEqual, .parentSkipped: return false
        }
    }

    public var description: String {
        switch self {
        case .newIdentity: return "new identity"
        case .comparedDifferent(let verdict): return "compared \(verdict)"
        case .ownStateChanged: return "own state changed"
        case .dependencyChanged: return "dependency changed"
        case .environmentChanged(let key): return "environment \\.\(key) changed"
        case .comparedEqual: return "compared equal"
        case .parentSkipped: return "parent skipped"
        }
    }
}
