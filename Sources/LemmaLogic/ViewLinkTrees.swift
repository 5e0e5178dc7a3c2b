import IdentityModel
import Invalidation

/// A `ViewLink` as two renders of a view tree that `BodyEvaluator` runs: a root `Parent` whose body
/// makes the view, `View(p0: …, …).id(k) @view`. The parent runs when the link says so (a closure
/// with context among its properties and a read state change: two rules, so no single broken rule
/// stops it); the view survives when `k` stays 0. What the trees do is observed, not assumed.
public struct ViewLinkTrees: Sendable {
    public var before: ViewNode
    public var after: ViewNode
    /// The label of the view the link is about.
    public static let viewLabel = "view"
    public static let parentLabel = "parent"

    /// The trees of `link`.
    public init(_ link: ViewLink) {
        let parentValue = link.parentEvaluated
            ? ViewValue("Parent", [StoredProperty("action", .closure(capturesContext: true))], hasState: true)
            : ViewValue("Parent")
        func view(_ value: ViewValue, key: Int, stateChange: StateChange, signalled: Bool) -> ViewNode {
            ViewNode(
                Self.viewLabel, steps: [.explicitID(.int(key))], value: value, stateChange: stateChange,
                dependencyChanged: signalled)
        }
        before = ViewNode(
            Self.parentLabel, value: parentValue,
            children: [view(link.oldValue, key: 0, stateChange: .none, signalled: false)])
        after = ViewNode(
            Self.parentLabel, value: parentValue, stateChange: link.parentEvaluated ? .changedRead : .none,
            children: [view(link.newValue, key: link.survives ? 0 : 1, stateChange: link.stateChange, signalled: link.signalled)])
    }

    /// What `BodyEvaluator` under `rules` and `identityRules` does with the trees.
    public func observe(rules: InvalidationRules, identityRules: RuleSet) -> ViewLinkObservation {
        let evaluator = BodyEvaluator(identityRules: identityRules, rules: rules)
        let events = evaluator.evaluate(before: before, after: after)
        let earlier = Set(evaluator.identities(of: before, generation: 0).map(\.identity))
        let parent = events[0]
        let view = events[1]
        return ViewLinkObservation(
            parent: parent, view: view, survives: earlier.contains(view.identity))
    }

    /// The two renders as code, in the view-tree syntax of invalidation scenarios (a binding's
    /// value snapshot as a comment), with the state changes between them.
    public var code: (before: String, after: String) {
        (Self.code(before), Self.code(after))
    }

    /// A property value as `ViewTreeParser` reads it; a located binding's value snapshot as a comment.
    static func code(_ value: PropertyValue) -> String {
        switch value {
        case .plain(let number): return String(number)
        case .text(let text): return "\"\(text)\""
        case .closure(let captures): return captures ? "{ … }" : "{ }"
        case .manualBinding(let snapshot): return "Binding(get: { \(snapshot) }, set: { … })"
        case .projectedBinding(let location, let snapshot): return "$state\(location) /* value \(snapshot) */"
        case .keyPathBinding(let location, let keyPath, let snapshot): return "$state\(location).\(keyPath) /* value \(snapshot) */"
        case .reference(let object): return "object(\(object))"
        case .observed(let object): return "model(\(object))"
        }
    }

    /// A render as code, with each view's state change and dependency signal as a comment.
    static func code(_ root: ViewNode) -> String {
        var lines: [String] = []
        func write(_ node: ViewNode, indent: String) {
            var arguments = node.value.properties.map { "\($0.name): \(Self.code($0.value))" }
            if node.value.hasState { arguments.append("state: 0") }
            var text = indent + "\(node.value.type)(\(arguments.joined(separator: ", ")))"
            switch node.value.equality {
            case .alwaysTrue?: text += " == true"
            case .alwaysFalse?: text += " == false"
            case .reads?, nil: break
            }
            if node.value.isEquatableWrapped { text += ".equatable()" }
            for step in node.steps { if case .explicitID(let key) = step { text += ".id(\(key))" } }
            text += " @\(node.label)"
            var notes: [String] = []
            switch node.stateChange {
            case .changedRead: notes.append("its state changed and its body read it")
            case .changedUnread: notes.append("its state changed, unread")
            case .none: break
            }
            if node.dependencyChanged { notes.append("an observed dependency signalled") }
            let comment = notes.isEmpty ? "" : "  // " + notes.joined(separator: "; ")
            if node.children.isEmpty {
                lines.append(text + comment)
            } else {
                lines.append(text + " {" + comment)
                for child in node.children { write(child, indent: indent + "  ") }
                lines.append(indent + "}")
            }
        }
        write(root, indent: "")
        return lines.joined(separator: "\n")
    }
}

/// What `BodyEvaluator` did with a link's trees.
public struct ViewLinkObservation: Sendable {
    /// The parent's `body(parent)` event.
    public var parent: BodyEvaluation
    /// The view's `body(view)` event.
    public var view: BodyEvaluation
    /// Whether the view's identity was in the earlier render.
    public var survives: Bool

    /// The property whose comparison said different, with its old and new values, when that is
    /// why the view ran: `p1: { … } -> { … }`.
    public var failedProperty: String? {
        guard case .comparedDifferent(.differentAt(let name)) = view.reason else { return nil }
        let before = view.previous?.property(name).map(ViewLinkTrees.code) ?? "absent"
        let after = view.value.property(name).map(ViewLinkTrees.code) ?? "absent"
        return "\(name): \(before) -> \(after)"
    }
}
