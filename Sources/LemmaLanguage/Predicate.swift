/// The predicates: over two paths, or (`rendered`) over a path and a render.
package enum Predicate: String, CaseIterable, Hashable, Sendable {
    /// Same view of the program: same length, static fields and leaf type.
    case sameView
    /// Same position in the rendered tree and same leaf type.
    case sameAddress
    /// `p.identity == q.identity`.
    case survives
    /// `!survives(p, q)`.
    case resets
    /// `rendered(p, r)`: some stateful view of render `r` has `p`'s identity.
    case rendered
}
