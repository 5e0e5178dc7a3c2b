/// What explain mode found for a proved lemma: the items of its query (`ExplainItem`) that Z3's
/// unsat core named, after one pass of deletion-based minimisation.
package struct UnsatCore: Sendable {
    /// Whether an item of the core was shown to be needed.
    package enum Necessity: Hashable, Sendable {
        /// The core without it is satisfiable at the path level: no smaller core drops it.
        case necessary
        /// The check without it was unknown (the reason), so it was kept: it may not be needed.
        case notShown(String)
    }

    /// One item of the core.
    package struct Entry: Hashable, Sendable {
        package var item: ExplainItem
        package var necessity: Necessity
    }

    /// The core, in `ExplainItem` order.
    package var entries: [Entry]
    /// Every item the query was cut into (those not in `entries` were not needed).
    package var tracked: [ExplainItem]
    /// How many checks explain ran (the first one and the minimisation's).
    package var checks: Int
    /// Z3's resource count over all of them.
    package var resourceCount: Int

    /// The items of the core.
    package var items: [ExplainItem] { entries.map(\.item) }
}
