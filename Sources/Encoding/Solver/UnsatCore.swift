/// What explain mode found for a proved lemma: the items of its query (`ExplainItem`) that Z3's
/// unsat core named, after one pass of deletion-based minimisation.
public struct UnsatCore: Sendable {
    /// Whether an item of the core was shown to be needed.
    public enum Necessity: Hashable, Sendable {
        /// The core without it is satisfiable at the path level: no smaller core drops it.
        case necessary
        /// The check without it was unknown (the reason), so it was kept: it may not be needed.
        case notShown(String)
    }

    /// One item of the core.
    public struct Entry: Hashable, Sendable {
        public var item: ExplainItem
        public var necessity: Necessity
    }

    /// The core, in `ExplainItem` order.
    public var entries: [Entry]
    /// Every item the query was cut into (those not in `entries` were not needed).
    public var tracked: [ExplainItem]
    /// How many checks explain ran (the first one and the minimisation's).
    public var checks: Int
    /// Z3's resource count over all of them.
    public var resourceCount: Int

    /// The items of the core.
    public var items: [ExplainItem] { entries.map(\.item) }
}
