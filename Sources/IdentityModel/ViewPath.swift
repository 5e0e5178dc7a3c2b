/// The walk from the root of a render to one stateful leaf.
public struct ViewPath: Hashable, Sendable, CustomStringConvertible {
    /// One step per construct passed, root first.
    public var steps: [PathStep]
    /// The stateful leaf's type.
    public var leafType: ViewType
    /// The `initialValue` this render passes to the leaf's `@State`.
    public var initial: Int
    /// The leaf's label; inside `ForEach` rows it carries the row keys: `row[3]`.
    public var label: String?
    /// The rendered child indices: a tuple step counts as its `presentBefore`, a `ForEach` row as its
    /// offset, every other construct is transparent.
    public var address: [Int]
    /// The identity computed by the tree walk, ending with `type(leafType)`.
    public var identity: Identity
    /// The identity of the outermost retaining lazy container above the leaf (the identity its
    /// content gets): while it is rendered, its item cache holds any removed subtree with the leaf's
    /// state in it (R7); `nil` when no such container is above it.
    public var lazyContainer: Identity?
    /// Every container above the leaf, of any kind, outermost first.
    public var containers: [ContainerLink]

    /// Creates a path.
    public init(
        steps: [PathStep], leafType: ViewType, initial: Int, label: String?, address: [Int], identity: Identity,
        lazyContainer: Identity? = nil, containers: [ContainerLink] = []
    ) {
        self.steps = steps
        self.leafType = leafType
        self.initial = initial
        self.label = label
        self.address = address
        self.identity = identity
        self.lazyContainer = lazyContainer
        self.containers = containers
    }

    /// Whether a retaining (lazy) container is above the leaf (R7, R9).
    public var isUnderLazyContainer: Bool { lazyContainer != nil }

    /// Same view of the program: same static fields at every step and the same leaf type.
    public func isSameView(as other: ViewPath) -> Bool {
        leafType == other.leafType && steps.count == other.steps.count
            && zip(steps, other.steps).allSatisfy { $0.staticPart == $1.staticPart }
    }

    /// Same rendered position and same leaf type: what an engineer calls "the same view".
    public func hasSameAddress(as other: ViewPath) -> Bool { leafType == other.leafType && address == other.address }

    public var description: String {
        let body = (steps.map(\.description) + [leafType.rawValue]).joined(separator: " / ")
        return label.map { "\($0): \(body)" } ?? body
    }
}
