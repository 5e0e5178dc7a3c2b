import IdentityModel

/// Prints a `ViewShape` under a `Scenario` in the render syntax that IdentityModel's `RenderParser`
/// reads (the model's own input: nothing is decided here).
enum RenderText {
    /// The default ForEach keys: two rows.
    static let defaultRows = [1, 2]

    static func text(of shape: ViewShape, in scenario: Scenario) -> String {
        switch shape {
        case .leaf(let leaf):
            let type = typeName(leaf.type)
            guard leaf.isStateful else { return type }
            return "\(type)(state: \(scenario.initialValues[leaf.number] ?? 0)) @\(scenario.label(of: leaf))"
        case .block(let items):
            if items.isEmpty { return "EmptyView" }
            // A tuple: the statements side by side, in the block that encloses them.
            return items.map { text(of: $0, in: scenario) }.joined(separator: "; ")
        case .conditional(let c):
            let taken = scenario.arms[c.number] ?? true
            var head = "if \(taken)"
            if case .notNil(_, true) = c.condition, c.otherwise != nil {
                head += ", twice"
                if scenario.transient.contains(c.number) { head += ", transient" }
            }
            let thenText = "\(head) { \(text(of: c.then, in: scenario)) }"
            guard let otherwise = c.otherwise else { return thenText }
            return thenText + " else { \(text(of: otherwise, in: scenario)) }"
        case .forEach(let f):
            let keys = scenario.rows[f.number] ?? defaultRows
            let list = "[" + keys.map(String.init).joined(separator: ", ") + "]"
            let header: String
            switch f.ids {
            case .identifiable, .keyPath: header = "ForEach(\(list))"
            case .selfValue: header = "ForEach(\(list), id: \\.self)"
            case .indices: header = "ForEach(\(list).indices, id: \\.self)"
            case .constantRange: header = "ForEach(0..<\(keys.count))"
            }
            return "\(header) { \(text(of: f.content, in: scenario)) }"
        case let .modified(content, modifier, _):
            return "(\(text(of: content, in: scenario))).\(modifierName(modifier))(0)"
        case let .explicitID(content, id):
            return "(\(text(of: content, in: scenario))).id(\(scenario.ids[id.number] ?? 1))"
        case .erased(let e):
            let index = min(scenario.erasedContent[e.number] ?? 0, e.contents.count - 1)
            let content = e.contents[index]
            if case .block(let items) = content, items.count > 1 {
                // A @ViewBuilder helper's tuple, erased whole: grouped so that AnyView has one view.
                return "AnyView(Group { \(text(of: content, in: scenario)) })"
            }
            return "AnyView(\(text(of: content, in: scenario)))"
        case let .container(kind, content):
            return "\(kind) { \(text(of: content, in: scenario)) }"
        case .opaque:
            return "Opaque"
        }
    }

    /// A Swift type spelled as one identifier of the render syntax (generics and dots dropped).
    static func typeName(_ type: String) -> String {
        let letters = type.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = letters.first, first.isLetter else { return "V" + letters }
        return letters
    }

    /// A modifier name the render syntax reads as an ordinary modifier (never `.id`).
    static func modifierName(_ name: String) -> String {
        let cleaned = name.filter { $0.isLetter || $0.isNumber }
        if cleaned.isEmpty || cleaned == "id" || cleaned.first!.isNumber { return "m" + cleaned }
        return cleaned
    }
}
