/// An axiom of the path level that is not an identity rule: what makes the symbols paths of trees
/// (Proofs/README.md), tracked as one item each in explain mode.
package enum StructuralAxiom: String, CaseIterable, Hashable, Sendable {
    /// A path's length is not negative.
    case lengths
    /// Steps are well formed (a tuple slot at least its `presentBefore`, positional keys equal to offsets).
    case wellFormedSteps
    /// An identity ends with the leaf's type.
    case leafType
    /// Paths in different renders of one program share their static steps down to where the program branches.
    case oneProgram
    /// Paths in one render are one view or part at a node with several children.
    case oneRender
    /// The definition of the rendered address `sameAddress` reads.
    case addresses
    /// The static type of the view at each depth of a path, which AnyView's erased type is (`ContentTypes`).
    case contentTypes
    /// Any other assertion of the query (one this list does not know yet): kept, so that explain
    /// mode never asserts less than the query does.
    case other

    /// What the axiom says, in a few words.
    package var summary: String {
        switch self {
        case .lengths: return "path lengths are not negative"
        case .wellFormedSteps: return "steps are well formed"
        case .leafType: return "an identity ends with the leaf's type"
        case .oneProgram: return "the renders are renders of one program"
        case .oneRender: return "paths in one render are one view or part at a node"
        case .addresses: return "the definition of rendered addresses"
        case .contentTypes: return "AnyView erases the static type of its content"
        case .other: return "other axioms of the query"
        }
    }
}
