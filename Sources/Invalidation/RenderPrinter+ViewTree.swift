import IdentityModel

extension RenderPrinter {
    /// A view tree in the SwiftUI-like syntax of invalidation scenarios, one custom view per line:
    /// `Row(count: 1, state: 0).id(1) @row {` (`AnyView(Row(count: 1)).id(1) @row` through `AnyView`),
    /// its children indented, each view's state change and dependency signal since the previous
    /// render as a comment, a binding's value snapshot too.
    public static func print(_ root: ViewNode) -> String {
        var lines: [String] = []
        viewTree(root, indent: "", into: &lines)
        return lines.joined(separator: "\n")
    }

    /// A property value as `ViewTreeParser` reads it; a located binding's value snapshot as a comment.
    public static func print(_ value: PropertyValue) -> String {
        switch value {
        case .plain(let number): return String(number)
        case .text(let text): return "\"\(text)\""
        case .closure(let captures): return captures ? "{ … }" : "{ }"
        case .manualBinding(let snapshot): return "Binding(get: { \(snapshot) }, set: { … })"
        case .projectedBinding(let location, let snapshot): return "$state\(location) /* value \(snapshot) */"
        case .keyPathBinding(let location, let keyPath, let snapshot): return "$state\(location).\(keyPath) /* value \(snapshot) */"
        case .reference(let object): return "object(\(object))"
        case .observed(let object): return "model(\(object))"
        case .equatableReference(let object, let value): return "object(\(object), equatable: \(value))"
        case .structure(let value):
            let fields = value.fields.map { "\($0.name): \(print($0.value))" }.joined(separator: ", ")
            return "\(value.type)(\(fields))" + (value.reads.map { " == reads(\($0.joined(separator: ", ")))" } ?? "")
        }
    }

    /// A view value as a scenario writes it: `Row(count: 1, state: 0) == true.equatable()`. The
    /// properties named in `stateObjects` are `@StateObject`s, written with the initialiser's
    /// object as their value: `store: stateObject(model(2))`.
    public static func print(_ value: ViewValue, stateObjects: Set<String> = []) -> String {
        var arguments = value.properties.map { property in
            "\(property.name): " + (stateObjects.contains(property.name) ? "stateObject(\(print(property.value)))" : print(property.value))
        }
        arguments += value.environment.map(\.description) + value.environmentObjects.map { "\($0.name): environmentObject(\($0.key))" }
        if value.hasState { arguments.append("state: \(value.initialState ?? 0)") }
        var text = "\(value.type)(\(arguments.joined(separator: ", ")))"
        switch value.equality {
        case .alwaysTrue?: text += " == true"
        case .alwaysFalse?: text += " == false"
        case .reads?, nil: break
        }
        if value.isEquatableWrapped { text += ".equatable()" }
        return text
    }

    private static func viewTree(_ node: ViewNode, indent: String, into lines: inout [String]) {
        // Steps are outermost first: `[.explicitID(1), .anyView]` is `AnyView(Row()).id(1)`.
        var text = print(node.value)
        for step in node.steps.reversed() {
            switch step {
            case .explicitID(let key): text += ".id(\(key))"
            case .anyView: text = "AnyView(\(text))"
            default: break
            }
        }
        text = indent + text + " @\(node.label)"
        var notes: [String] = []
        for step in node.steps {
            if case .forEach(_, let key, let offset) = step { notes.append("row \(key) of a ForEach, at offset \(offset)") }
        }
        switch node.stateChange {
        case .changedRead: notes.append("its state changed and its body read it")
        case .changedUnread: notes.append("its state changed, unread")
        case .none: break
        }
        if node.dependencyChanged { notes.append("an observed dependency signalled") }
        if node.observedReadChanged {
            notes.append("an @Observable property its body read changed")
        } else if node.observedObjectChanged {
            notes.append("another property of an @Observable object its body read changed")
        }
        if !node.observedReads.isEmpty {
            notes.append("its body reads " + node.observedReads.map(\.description).sorted().joined(separator: ", ") + " when it runs")
        }
        if !node.environmentObjects.isEmpty {
            notes.append("environment objects " + node.environmentObjects.sorted { $0.key < $1.key }.map { "\($0.key) = model(\($0.value))" }.joined(separator: ", "))
        }
        if !node.objectsSent.isEmpty { notes.append("sent since the previous render: " + node.objectsSent.map { "model(\($0))" }.joined(separator: ", ")) }
        if !node.environment.isEmpty {
            notes.append("environment " + node.environment.sorted { $0.key < $1.key }.map { "\\.\($0.key) = \($0.value)" }.joined(separator: ", "))
        }
        let comment = notes.isEmpty ? "" : "  // " + notes.joined(separator: "; ")
        if node.children.isEmpty {
            lines.append(text + comment)
        } else {
            lines.append(text + " {" + comment)
            for child in node.children { viewTree(child, indent: indent + "  ", into: &lines) }
            lines.append(indent + "}")
        }
    }
}
