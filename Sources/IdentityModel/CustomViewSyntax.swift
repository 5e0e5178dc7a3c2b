/// A custom view as a view-tree render writes it (`RenderParser.parseViewTree`): its type, stored
/// properties, custom `==`, `.equatable()`, label, the constructs between its parent's body and it,
/// and the custom views its own body makes. Invalidation gives the properties their meaning.
public struct CustomViewSyntax: Hashable, Sendable {
    /// The type written (`Row`), without `EquatableView`.
    public var type: ViewType
    /// The stored properties in the order written; `state:` is not among them.
    public var properties: [PropertySyntax]
    /// The initial value of its `@State` (`state: v`), or `nil` when it declares none.
    public var state: Int?
    /// Its custom `==` (`== reads(…)`, `== true`, `== false`), or `nil` when it is not `Equatable`.
    public var equality: EqualitySyntax?
    /// Whether `.equatable()` wraps it.
    public var isEquatableWrapped: Bool
    /// Its label as written (`@row`), or `nil` when unlabelled.
    public var name: String?
    /// The keys of the `ForEach` rows it is in (inside the render that holds it), outermost first.
    public var rowKeys: [Key]
    /// The constructs from its parent's body down to it, outermost first: identity follows R1–R10 over them.
    public var steps: [PathStep]
    /// The custom views its body makes, parents before children.
    public var body: [CustomViewSyntax]
    /// What its body reads, in the order written: `state` (its `@State`), a stored property's name,
    /// or `name.field` (a property of an object it holds), each from a built-in view's argument
    /// written unquoted in its body, as `Text(count)` lowers `Text("\(count)")`.
    public var reads: [String]

    /// Creates a view.
    public init(
        type: ViewType, properties: [PropertySyntax] = [], state: Int? = nil, equality: EqualitySyntax? = nil,
        isEquatableWrapped: Bool = false, name: String? = nil, rowKeys: [Key] = [], steps: [PathStep] = [],
        body: [CustomViewSyntax] = [], reads: [String] = []
    ) {
        self.type = type
        self.properties = properties
        self.state = state
        self.equality = equality
        self.isEquatableWrapped = isEquatableWrapped
        self.name = name
        self.rowKeys = rowKeys
        self.steps = steps
        self.body = body
        self.reads = reads
    }

    /// Its label in checks: the name with a `[key]` suffix per row, as `row[3][1]`; `nil` when unlabelled.
    public var label: String? { name.map { rowKeys.reduce($0) { "\($0)[\($1.description)]" } } }

    /// The static type its parent's body places: `EquatableView<T>` under `.equatable()`.
    public var staticType: ViewType { isEquatableWrapped ? ViewType("EquatableView<\(type)>") : type }
}
