/// What one solver check may spend: Z3 resource units (`rlimit`) first, since they are the same on
/// every machine and under any load, and wall-clock time as a backstop for the rare search that
/// stops counting resources. It also carries the run's cancellation: a cancelled run has nothing
/// left to spend.
package struct SolverBudget: Sendable, Hashable, CustomStringConvertible {
    /// Z3 resource units (`rlimit`); about 3 million a second on the 2-core reference machine.
    package var resourceLimit: Int
    /// The wall-clock backstop, in milliseconds.
    package var milliseconds: Int
    /// The run whose cancellation stops the checks of sessions made with this budget; nil: none.
    package var cancellation: Cancellation?

    /// A budget of `resourceLimit` units, stopped after `milliseconds` in any case, or when
    /// `cancellation` is cancelled.
    package init(resourceLimit: Int, milliseconds: Int, cancellation: Cancellation? = nil) {
        self.resourceLimit = max(1, resourceLimit)
        self.milliseconds = max(1, milliseconds)
        self.cancellation = cancellation
    }

    /// The default of a lemma's main check and of each reduction obligation: 30 million units
    /// (about 10 s here), at most 60 s of wall clock.
    package static let standard = SolverBudget(resourceLimit: 30_000_000, milliseconds: 60_000)

    /// A part of this budget for the quick searches around the main check (the first short-path
    /// search, shrinking, another model after one that did not replay): the resource units divided
    /// by `divisor`, the backstop kept whole, so that a loaded machine never changes which model
    /// a search finds.
    package func fraction(_ divisor: Int) -> SolverBudget {
        SolverBudget(resourceLimit: resourceLimit / max(1, divisor), milliseconds: milliseconds, cancellation: cancellation)
    }

    package var description: String { "\(resourceLimit) resource units, at most \(milliseconds) ms" }
}
