/// Why the ground encoding of I1–I11 gave no verdict although Z3 answered: each is a fault of the
/// encoding, never a verdict about the scenario.
package enum GroundInvalidationError: Error, Equatable, CustomStringConvertible {
    /// The facts and rules of a render pair have no model.
    case contradictory
    /// Z3 found a second verdict for a view: the rules do not determine it.
    case notDetermined
    /// A model held a reason code or property number the encoding never produces.
    case undecodable(String)

    package var description: String {
        switch self {
        case .contradictory: return "the ground encoding of I1-I11 has no model for the two renders"
        case .notDetermined: return "the ground encoding of I1-I11 does not determine every view's verdict"
        case .undecodable(let what): return "cannot decode \(what) from the ground encoding's model"
        }
    }
}
