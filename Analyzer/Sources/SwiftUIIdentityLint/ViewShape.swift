/// A `body` lowered into the constructs of the model (docs/model.md, "Renders and identity"),
/// with the points where what the code varies (conditions, erased types, ids, ForEach data) is kept
/// open, each with a number the printer's `Scenario` chooses a value for.
public indirect enum ViewShape: Hashable, Sendable {
    /// A view the model sees as a leaf: a built-in view, or a custom view (stateful when it or a
    /// custom view in its body holds `@State` or `@StateObject`).
    case leaf(Leaf)
    /// The statements of a `@ViewBuilder` block.
    case block([ViewShape])
    /// `if`/`else` (and each `switch` case after the first, nested), or `if` without `else`.
    case conditional(Conditional)
    /// `ForEach` and `List(data)` with their source of ids.
    case forEach(ForEachShape)
    /// A modifier on its content; the arguments are not part of identity (R2).
    case modified(ViewShape, modifier: String, site: SourceSite)
    /// `.id(expression)`.
    case explicitID(ViewShape, ExplicitID)
    /// `AnyView(…)`, with every content the code can wrap at this place (a ternary, or the
    /// returns of a helper).
    case erased(Erased)
    /// A container the model has (`VStack`, `List`, …).
    case container(String, ViewShape)
    /// What the lowering does not understand: kept, counted, and never given state.
    case opaque(Opaque)

    /// A leaf view.
    public struct Leaf: Hashable, Sendable {
        public var number: Int
        public var type: String
        public var isStateful: Bool
        public var site: SourceSite
        /// The stored properties the call passes, by label (for the invalidation rules).
        public var arguments: [Argument]
        /// The data the call passes: each argument but closures, as its label and the names it
        /// reads, literals and implicit members (`.edit`) left out. Two calls with different data
        /// show different content (SIL006).
        public var data: [String] = []
    }

    /// One argument of a custom view's call, as the invalidation layer compares it.
    public struct Argument: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            /// `Binding(get:set:)`.
            case manualBinding
            /// A closure with statements (it may capture), and one with none (`{ }`, `{ _ in }`).
            case closure, emptyClosure
            case projectedBinding, value
        }
        public var label: String
        public var kind: Kind
        public var site: SourceSite
    }

    /// A conditional or an optional.
    public struct Conditional: Hashable, Sendable {
        public enum Condition: Hashable, Sendable {
            case plain
            /// `if let x` (or `if let x = y`).
            case optionalBinding
            /// `if x != nil`, with whether the content force-unwraps `x` (reads it twice).
            case notNil(name: String, readsAgain: Bool)
        }
        public var number: Int
        public var condition: Condition
        /// The name whose every change leaves an arm (`if flag`, `if !flag`, and a switch case of
        /// one enum case without bindings over `flag`).
        public var pin: Pin?
        /// An `if`'s conjuncts as written (`let x` as `x != nil`, a computed property of one
        /// expression inlined): two conditionals with the same conjuncts take the same arm.
        public var conjuncts: Set<String> = []
        /// `if …` or `switch …, case …:`, on one line.
        public var conditionText: String
        /// The names the condition (or the switch's subject) reads at its root.
        public var reads: Set<String>
        public var then: ViewShape
        /// `nil` for an `if` without `else`.
        public var otherwise: ViewShape?
        public var site: SourceSite
    }

    /// A name whose every change leaves an arm of a conditional: a view only in that arm is gone
    /// after any change of it.
    public struct Pin: Hashable, Sendable {
        public var name: String
        /// Whether every change leaves the `then` arm, and the `otherwise` arm (a `Bool`, or a
        /// switch's last case of one enum case).
        public var then: Bool
        public var otherwise: Bool
    }

    /// A `ForEach` with the source of its ids.
    public struct ForEachShape: Hashable, Sendable {
        public enum IDSource: Hashable, Sendable {
            case identifiable, keyPath(String), selfValue, indices, constantRange
        }
        public var number: Int
        public var data: String
        /// Whether the data is a `@State`, `@Binding` or observed property of the view: it changes.
        public var dataIsMutable: Bool
        /// Whether an element can change in place: not so for a `@State` array of plain values
        /// (`[URL]`, `[String]`…) the view writes only as a whole (a new element is a new value,
        /// whose row rightly starts again).
        public var elementsChangeInPlace = true
        public var ids: IDSource
        public var content: ViewShape
        public var site: SourceSite
    }

    /// `.id(expression)` and how the expression behaves between renders.
    public struct ExplicitID: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// `UUID()`, `Date()`, `.random…`: a new value at every render.
            case freshEachRender
            /// A value that changes when the code changes it (a deliberate reset).
            case value
        }
        public var number: Int
        public var expression: String
        public var kind: Kind
        /// The names the expression reads at its root.
        public var reads: Set<String>
        public var site: SourceSite
    }

    /// `AnyView` with its possible contents.
    public struct Erased: Hashable, Sendable {
        public var number: Int
        public var contents: [ViewShape]
        public var site: SourceSite
    }

    /// A construct left out of the model, with what it was.
    public struct Opaque: Hashable, Sendable {
        public var construct: String
        public var site: SourceSite
    }
}

extension ViewShape {
    /// Every node of the shape, in source order.
    public var nodes: [ViewShape] {
        var result: [ViewShape] = [self]
        for child in children { result += child.nodes }
        return result
    }

    /// The direct children.
    public var children: [ViewShape] {
        switch self {
        case .leaf, .opaque: return []
        case .block(let items): return items
        case .conditional(let c): return [c.then] + (c.otherwise.map { [$0] } ?? [])
        case .forEach(let f): return [f.content]
        case .modified(let content, _, _), .explicitID(let content, _), .container(_, let content): return [content]
        case .erased(let e): return e.contents
        }
    }

    /// The stateful leaves, in source order.
    public var statefulLeaves: [Leaf] {
        nodes.compactMap { if case .leaf(let leaf) = $0, leaf.isStateful { return leaf } else { return nil } }
    }

    /// The ForEach data (as written) around the leaf numbered `leaf`, outermost first, or `nil`
    /// if the leaf is not in this shape.
    public func forEachData(around leaf: Int) -> [String]? {
        if case .leaf(let l) = self { return l.number == leaf ? [] : nil }
        for child in children {
            guard let inner = child.forEachData(around: leaf) else { continue }
            if case .forEach(let f) = self { return [f.data] + inner }
            return inner
        }
        return nil
    }

    /// The names pinned by the conditionals around the leaf numbered `leaf` (see `Pin`), or `nil`
    /// if the leaf is not in this shape.
    public func pins(around leaf: Int) -> Set<String>? {
        if case .leaf(let l) = self { return l.number == leaf ? [] : nil }
        if case .conditional(let c) = self {
            if let inner = c.then.pins(around: leaf) { return inner.union(c.pin.flatMap { $0.then ? [$0.name] : nil } ?? []) }
            if let inner = c.otherwise?.pins(around: leaf) {
                return inner.union(c.pin.flatMap { $0.otherwise ? [$0.name] : nil } ?? [])
            }
            return nil
        }
        for child in children {
            if let inner = child.pins(around: leaf) { return inner }
        }
        return nil
    }

    /// Whether a render takes different arms of two conditionals with the same conjuncts: a
    /// render no run of the code gives.
    public func contradicts(_ scenario: Scenario) -> Bool {
        var taken: [Set<String>: Bool] = [:]
        for node in nodes {
            guard case .conditional(let c) = node, !c.conjuncts.isEmpty, let arm = scenario.arms[c.number] else { continue }
            if let other = taken.updateValue(arm, forKey: c.conjuncts), other != arm { return true }
        }
        return false
    }

    /// The opaque nodes, in source order.
    public var opaqueNodes: [Opaque] {
        nodes.compactMap { if case .opaque(let o) = $0 { return o } else { return nil } }
    }

    /// The shape without its modifiers and ids, to compare two arms.
    public var strippingModifiers: ViewShape {
        switch self {
        case .modified(let content, _, _), .explicitID(let content, _): return content.strippingModifiers
        default: return self
        }
    }
}

extension ViewShape {
    /// The arms to take so that the leaf numbered `leaf` is rendered, or `nil` if it is not in
    /// this shape (the first content of an erased view is taken unless the leaf is in another).
    public func choices(reaching leaf: Int) -> Scenario? {
        switch self {
        case .leaf(let l): return l.number == leaf ? Scenario() : nil
        case .opaque: return nil
        case .conditional(let c):
            if var found = c.then.choices(reaching: leaf) {
                found.arms[c.number] = true
                return found
            }
            if var found = c.otherwise?.choices(reaching: leaf) {
                found.arms[c.number] = false
                return found
            }
            return nil
        case .erased(let e):
            for (index, content) in e.contents.enumerated() {
                if var found = content.choices(reaching: leaf) {
                    found.erasedContent[e.number] = index
                    return found
                }
            }
            return nil
        default:
            for child in children {
                if let found = child.choices(reaching: leaf) { return found }
            }
            return nil
        }
    }
}
