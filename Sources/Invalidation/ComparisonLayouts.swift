/// Whether the graph has built the comparison layout of a view type (I2).
public enum ComparisonLayouts: String, Hashable, Sendable {
    /// Layouts ready: the comparison mode decides between fields and `==`.
    case ready
    /// Layouts not ready yet: every comparison is bitwise, `.equatable()` included.
    case pending
}
