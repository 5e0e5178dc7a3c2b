/// The values a render takes at the open points of a `ViewShape`: which arm, which erased
/// content, which id, which ForEach keys, whether a twice-read condition saw a transient value.
/// Points it does not name take their first value.
public struct Scenario: Hashable, Sendable {
    /// Conditional number → whether its `then` arm is taken (optionals: present).
    public var arms: [Int: Bool] = [:]
    /// Erased number → the index of the content.
    public var erasedContent: [Int: Int] = [:]
    /// Explicit-id number → the key.
    public var ids: [Int: Int] = [:]
    /// ForEach number → the keys of its data's elements, in order.
    public var rows: [Int: [Int]] = [:]
    /// Conditionals whose twice-read condition saw a transient value in this render.
    public var transient: Set<Int> = []
    /// Leaf number → label; a leaf without one gets `v<number>`.
    public var labels: [Int: String] = [:]
    /// Leaf number → the initial value its `@State` is given.
    public var initialValues: [Int: Int] = [:]

    public init() {}

    /// The default label of a leaf.
    public func label(of leaf: ViewShape.Leaf) -> String { labels[leaf.number] ?? "v\(leaf.number)" }
}
