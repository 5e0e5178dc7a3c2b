/// A stateful leaf of a compiled render.
package struct CompiledLeaf: Hashable, Sendable {
    /// The identity's bit in the program's identity table, or -1 for an identity that exists only
    /// in this render (an opaque `AnyView` or a transient read): it can never survive or revive.
    package var identity: Int16
    /// The (address, leaf type) pair, interned per program: equal iff `ViewPath.hasSameAddress(as:)`.
    package var address: Int32
    /// A fresh state of the view starts from 1 under the rules (otherwise 0): its `initialValue`,
    /// unless a mutant ignores it.
    package var initialIsOne: Bool
}
