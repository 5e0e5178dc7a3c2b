import IdentityModel

extension RenderPrinter {
    /// A view tree in the SwiftUI-like syntax of invalidation scenarios, one custom view per line:
    /// `Row(count: 1, state: 0).id(1) @row {` (`AnyView(Row(count: 1)).id(1) @row` through `AnyView`),
    /// its children indented; what `ViewTreeParser` reads back is the tree (a binding to the
    /// enclosing view's state as `$state(snapshot: v)`, a `@StateObject` as its initialiser, the
    /// environment reaching a view as the `.environment` writes that give it, the rows of a
    /// `ForEach` as its block, `ForEach([-2, 10]) { case -2: View() @q_other; case 10: View() @q }`,
    /// whose views a scenario names `q[10]`: `printedLabels`, the `@Observable` properties a body
    /// reads as `let _ = observable(1).a` in it), and each view's changes since the previous render
    /// (a scenario's steps, `set observable(1).a = 2` among them) are the line's comment.
    public static func print(_ root: ViewNode) -> String {
        var lines: [String] = []
        viewTree(root, enclosing: nil, reaching: Reaching(), observed: root.observedObjects, indent: "", into: &lines)
        return lines.joined(separator: "\n")
    }

    /// The label by which a scenario names each view of `root` once printed (`print(_:)`), by its
    /// label in the tree: a row that a `ForEach` block writes gets its key, as `ViewTreeParser`
    /// reads it (`q[10]`), and so does every view below it (`c[10]`); any other view its own label.
    public static func printedLabels(_ root: ViewNode) -> [String: String] {
        var labels: [String: String] = [:]
        func visit(_ node: ViewNode, keys: [Key]) {
            var keys = keys
            if let key = writtenRowKey(of: node) { keys.append(key) }
            labels[node.label] = keys.reduce(node.label) { "\($0)[\($1)]" }
            for child in node.children { visit(child, keys: keys) }
        }
        visit(root, keys: [])
        return labels
    }

    /// The key of the `ForEach` row a block writes the view in: its first `.forEach` step's, unless
    /// an `AnyView` is above it (`siblings`).
    private static func writtenRowKey(of node: ViewNode) -> Key? {
        for step in node.steps {
            switch step {
            case .anyView: return nil
            case .forEach(_, let key, _): return key
            default: continue
            }
        }
        return nil
    }

    /// A property value as `ViewTreeParser` reads it, in the body of `enclosing` (when known): a
    /// located binding to `enclosing`'s `@State` is `$state`, any other `$locationN` (location N),
    /// each with its value snapshot, `$state(snapshot: 1)`.
    public static func print(_ value: PropertyValue, enclosing: ViewNode? = nil) -> String {
        func located(_ location: Int) -> String {
            guard let enclosing, enclosing.value.hasState, location == ViewTreeParser.stateLocation(of: enclosing.label) else {
                return "$location\(location)"
            }
            return "$state"
        }
        switch value {
        case .plain(let number): return String(number)
        case .text(let text): return "\"\(text)\""
        case .closure(let captures): return captures ? "{ … }" : "{ }"
        case .manualBinding(let snapshot): return "Binding(get: { \(snapshot) }, set: { … })"
        case .projectedBinding(let location, let snapshot): return "\(located(location))(snapshot: \(snapshot))"
        case .keyPathBinding(let location, let keyPath, let snapshot):
            return located(location) + (keyPath.hasPrefix("[") ? keyPath : ".\(keyPath)") + "(snapshot: \(snapshot))"
        case .reference(let object): return "object(\(object))"
        case .observed(let object): return "model(\(object))"
        case .equatableReference(let object, let value): return "object(\(object), equatable: \(value))"
        case .structure(let value):
            let fields = value.fields.map { "\($0.name): \(print($0.value, enclosing: enclosing))" }.joined(separator: ", ")
            return "\(value.type)(\(fields))" + (value.reads.map { " == reads(\($0.joined(separator: ", ")))" } ?? "")
        }
    }

    /// A view value as a scenario writes it: `Row(count: 1, state: 0) == true.equatable()`. A
    /// `@StateObject` (`ViewValue.stateObjectInitialisers`, or a property named in `stateObjects`
    /// holding its initialiser's object) is written as its initialiser: `store: stateObject(model(2))`.
    public static func print(_ value: ViewValue, stateObjects: Set<String> = [], enclosing: ViewNode? = nil) -> String {
        var arguments = value.properties.map { property in
            if let initialiser = value.stateObjectInitialisers[property.name] { return "\(property.name): stateObject(model(\(initialiser)))" }
            let text = print(property.value, enclosing: enclosing)
            return "\(property.name): " + (stateObjects.contains(property.name) ? "stateObject(\(text))" : text)
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

    /// `reaching` is what the writes printed above give `enclosing`'s body.
    /// `observed` is what the whole tree observes (`ViewNode.observedObjects`).
    private static func viewTree(
        _ node: ViewNode, enclosing: ViewNode?, reaching: Reaching, observed: Set<Int>, indent: String, into lines: inout [String]
    ) {
        let written = Reaching(hoisting: node)
        // Steps are outermost first: `[.explicitID(1), .anyView]` is `AnyView(Row()).id(1)`.
        var text = print(node.value, enclosing: enclosing)
        for step in node.steps.reversed() {
            switch step {
            case .explicitID(let key): text += ".id(\(key))"
            case .anyView: text = "AnyView(\(text))"
            default: break
            }
        }
        text = indent + text + written.writes(over: reaching) + " @\(node.label)"
        var notes: [String] = []
        for step in node.steps {
            if case .forEach(_, let key, let offset) = step { notes.append("row \(key) of a ForEach, at offset \(offset)") }
        }
        switch node.stateChange {
        // A set flag makes the change a read one whatever this body reads (I8 "The read flag").
        case .changedRead: notes.append(node.locationWasRead ? "its state changed, read: its read flag was set before" : "its state changed and its body read it")
        case .changedUnread: notes.append("its state changed, unread")
        case .none: break
        }
        for property in node.value.properties {
            guard let initialiser = node.value.stateObjectInitialisers[property.name], case .observed(let held) = property.value,
                held != initialiser
            else { continue }
            notes.append("\(property.name) holds model(\(held)), which an earlier initialiser made (I12)")
        }
        if node.dependencyChanged { notes.append("an observed dependency signalled") }
        if node.observedReadChanged {
            notes.append("an @Observable property its body read changed")
        } else if node.observedObjectChanged {
            notes.append("another property of an @Observable object its body read changed")
        }
        // The changes are the object's, carried by every view: noted where they first appear.
        if !node.observableChanges.isEmpty, node.observableChanges != enclosing?.observableChanges {
            let sets = node.observableChanges.map { "set \($0.key) = \($0.value)" }.sorted()
            notes.append("since the previous render: " + sets.joined(separator: ", "))
        }
        if !node.objectsSent.isEmpty {
            // A send no view observes is a scenario's `send model(n) unobserved` (a plain one is E094).
            let sent = node.objectsSent.map { observed.contains($0) ? "model(\($0))" : "model(\($0)), which no view observes (send model(\($0)) unobserved)" }
            notes.append("sent since the previous render: " + sent.joined(separator: ", "))
        }
        let comment = notes.isEmpty ? "" : "  // " + notes.joined(separator: "; ")
        // Reads that make no view, so that the body's structure (its children's identities) is
        // the same whatever it reads: `ViewTreeParser` takes them as the body's reads.
        let reads = node.observedReads.map { "let _ = \($0)" }.sorted()
        if node.children.isEmpty {
            lines.append(text + (reads.isEmpty ? "" : " { " + reads.joined(separator: "; ") + " }") + comment)
        } else {
            lines.append(text + " {" + comment)
            lines += reads.map { indent + "  " + $0 }
            for item in siblings(node.children) {
                switch item {
                case .view(let child): viewTree(child, enclosing: node, reaching: written, observed: observed, indent: indent + "  ", into: &lines)
                case let .rows(header, rows):
                    lines.append(indent + "  \(header) {")
                    for row in rows {
                        lines.append(indent + "    case \(row.key):")
                        viewTree(row.node, enclosing: node, reaching: written, observed: observed, indent: indent + "      ", into: &lines)
                    }
                    lines.append(indent + "  }" + header.suffix)
                }
            }
            lines.append(indent + "}")
        }
    }

    /// A child as printed in its parent's body: a view of its own, or the rows of one `ForEach`.
    private enum Sibling {
        case view(ViewNode)
        case rows(ForEachHeader, [(key: Key, node: ViewNode)])
    }

    /// What a `ForEach` block writes around its rows: `ForEach([1, 2])`, and `.id(k)` after its brace.
    private struct ForEachHeader: Hashable, CustomStringConvertible {
        var source: KeySource
        var keys: [Key]
        /// The `.id` steps above the `ForEach`, outermost first.
        var ids: [Key]

        var description: String {
            let list = "[" + keys.map(\.description).joined(separator: ", ") + "]"
            switch source {
            case .identifiable: return "ForEach(\(list))"
            case .keyPath: return "ForEach(\(list), id: \\.id)"
            case .self: return "ForEach(\(list), id: \\.self)"
            case .indices: return "ForEach(0..<\(keys.count), id: \\.self)"
            case .constantRange: return "ForEach(0..<\(keys.count))"
            }
        }

        var suffix: String { ids.reversed().map { ".id(\($0))" }.joined() }
    }

    /// `children` in order, with the rows of each `ForEach` (children whose steps hold `.forEach`
    /// below the same `.id` values, of one key source) grouped where its first row is, in offset
    /// order, each without the steps the block writes (its `.forEach` and the `.id`s above it), so
    /// that `ViewTreeParser` reads back the same keys and offsets. A row below an `AnyView` above
    /// its `ForEach` stays a child of its own, its row noted.
    private static func siblings(_ children: [ViewNode]) -> [Sibling] {
        struct Group: Hashable {
            var source: KeySource
            var ids: [Key]
        }
        func row(_ child: ViewNode) -> (group: Group, key: Key, offset: Int, node: ViewNode)? {
            guard writtenRowKey(of: child) != nil, let index = child.steps.firstIndex(where: { $0.kind == .forEach }),
                case let .forEach(source, key, offset) = child.steps[index]
            else { return nil }
            let ids = child.steps[..<index].compactMap { step -> Key? in
                if case .explicitID(let id) = step { return id }
                return nil
            }
            var node = child
            node.steps = Array(child.steps[(index + 1)...])
            return (Group(source: source, ids: ids), key, offset, node)
        }
        var result: [Sibling] = []
        var placed: [Group: Int] = [:]
        var rows: [Group: [(key: Key, offset: Int, node: ViewNode)]] = [:]
        for child in children {
            guard let (group, key, offset, node) = row(child) else {
                result.append(.view(child))
                continue
            }
            if placed[group] == nil {
                placed[group] = result.count
                result.append(.view(child))
            }
            rows[group, default: []].append((key, offset, node))
        }
        for (group, index) in placed {
            let ordered = rows[group]!.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
            let header = ForEachHeader(source: group.source, keys: ordered.map(\.key), ids: group.ids)
            result[index] = .rows(header, ordered.map { ($0.key, $0.node) })
        }
        return result
    }

    /// The environment values and objects the printed writes give a view: its own, and each key or
    /// object type it neither has nor declares that every view below it having one agrees on. A
    /// write is its parent's body output, so it goes as high as it may: a parent whose body did not
    /// run hands down the writes it made (I9), while a value reaching from above may change. A key
    /// the view's own steps write (`.modified(.environment(key), …)`) stays on it, written whatever
    /// its value: a modifier is part of the view's type, so leaving it out where the value equals
    /// the one above would give the printed view another identity (I10, R2).
    struct Reaching {
        var environment: [String: Int] = [:]
        var objects: [String: Int] = [:]
        /// The keys the view's own steps write.
        var standing: Set<String> = []

        init() {}

        init(hoisting node: ViewNode) {
            environment = node.environment
            objects = node.environmentObjects
            standing = Set(node.steps.compactMap { step in
                if case .modified(let modifier, _) = step { return modifier.environmentKey }
                return nil
            })
            let below = node.children.map(Reaching.init(hoisting:))
            let declared = Set(node.value.environment.map(\.key))
            let found = Set(node.value.environmentObjects.map(\.key))
            for key in Set(below.flatMap(\.environment.keys)) where environment[key] == nil && !declared.contains(key) {
                let values = Set(below.compactMap { $0.standing.contains(key) ? nil : $0.environment[key] })
                if values.count == 1 { environment[key] = values.first }
            }
            for type in Set(below.flatMap(\.objects.keys)) where objects[type] == nil && !found.contains(type) {
                let values = Set(below.compactMap { $0.objects[type] })
                if values.count == 1 { objects[type] = values.first }
            }
        }

        /// The `.environment(\.key, v)` and `.environmentObject(model(n) as T)` modifiers that give
        /// these values where `reaching` reaches.
        func writes(over reaching: Reaching) -> String {
            let keys = environment.filter { reaching.environment[$0.key] != $0.value || standing.contains($0.key) }.sorted { $0.key < $1.key }
            let types = objects.filter { reaching.objects[$0.key] != $0.value }.sorted { $0.key < $1.key }
            return keys.map { ".environment(\\.\($0.key), \($0.value))" }.joined()
                + types.map { ".environmentObject(model(\($0.value)) as \($0.key))" }.joined()
        }
    }
}
