/// The lifecycle outcomes a scenario can `check` for a labelled view after a render.
public enum CheckOutcome: String, CaseIterable, Hashable, Sendable {
    /// Same identity as before: state kept.
    case survives
    /// Present before and after, but with a new identity: state reset.
    case resets
    /// Absent in the previous render, back with its retained state (R7).
    case revived
    /// New in this render.
    case appears
    /// Present before, absent now.
    case removed
}
