/// Prints renders and programs in the SwiftUI-like syntax that `RenderParser` reads.
///
/// A program prints as its default render. `RenderParser.parse(RenderPrinter.print(r)) == r` for
/// every render whose tuples have two or more children and sit only where a `@ViewBuilder` block
/// can be written.
public enum RenderPrinter {
    /// The render as SwiftUI-like source, one view per line, indented by four spaces.
    public static func print(_ render: Render) -> String {
        var lines: [String] = []
        viewList(render, indent: "", into: &lines)
        return lines.joined(separator: "\n")
    }

    /// The program as SwiftUI-like source: its default render.
    public static func print(_ program: Program) -> String { print(program.defaultRender) }

    private static func viewList(_ render: Render, indent: String, into lines: inout [String]) {
        if case .tuple(let children) = render {
            for child in children { viewList(child, indent: indent, into: &lines) }
        } else {
            lines += view(render, indent: indent)
        }
    }

    private static func block(_ header: String, _ body: Render, indent: String) -> [String] {
        var lines = [indent + header + " {"]
        viewList(body, indent: indent + "    ", into: &lines)
        lines.append(indent + "}")
        return lines
    }

    /// One view, possibly over several lines; the first line is indented.
    private static func view(_ render: Render, indent: String) -> [String] {
        switch render {
        case .leaf(let type): return [indent + type.rawValue]
        case .stateful, .modified, .explicitID: return postfixChain(render, indent: indent)
        case .tuple: return ["\(indent)(", ] + viewLines(render, indent: indent + "    ") + ["\(indent))"]
        case let .conditional(arm, active, inactive, readsTwice, transient):
            var flags = arm ? "true" : "false"
            if readsTwice { flags += ", twice" }
            if transient { flags += ", transient" }
            let thenArm = arm ? active : inactive.defaultRender
            let elseArm = arm ? inactive.defaultRender : active
            var lines = block("if \(flags)", thenArm, indent: indent)
            let elseLines = block("", elseArm, indent: indent)
            lines[lines.count - 1] += " else {"
            lines += elseLines.dropFirst()
            return lines
        case let .optional(content, rendered):
            return block("if \(rendered != nil)", rendered ?? content.defaultRender, indent: indent)
        case let .forEach(source, content, rows):
            return forEach(source, content: content, rows: rows, indent: indent)
        case .anyView(let content):
            var lines = view(content, indent: indent + "    ")
            if lines.count == 1 { return [indent + "AnyView(" + lines[0].drop(while: { $0 == " " }) + ")"] }
            lines.insert(indent + "AnyView(", at: 0)
            lines.append(indent + ")")
            return lines
        case let .container(kind, content): return block(kind.rawValue, content, indent: indent)
        }
    }

    private static func viewLines(_ render: Render, indent: String) -> [String] {
        var lines: [String] = []
        viewList(render, indent: indent, into: &lines)
        return lines
    }

    /// A leaf or any view followed by `.id(_:)` and modifiers, then the stateful leaf's label.
    private static func postfixChain(_ render: Render, indent: String) -> [String] {
        var suffixes: [String] = []
        var base = render
        while true {
            if case let .modified(content, modifier, value) = base {
                if let key = modifier.environmentKey {
                    suffixes.insert(".environment(\\.\(key), \(value))", at: 0)
                } else if let type = modifier.environmentObjectType {
                    suffixes.insert(".environmentObject(model(\(value)) as \(type))", at: 0)
                } else {
                    let argument = modifier == .matchedGeometryEffect ? "id: \(value)" : "\(value)"
                    suffixes.insert(".\(modifier.rawValue)(\(argument))", at: 0)
                }
                base = content
            } else if case let .explicitID(id, content) = base {
                suffixes.insert(".id(\(id))", at: 0)
                base = content
            } else {
                break
            }
        }
        var lines: [String]
        var label: String?
        switch base {
        case let .stateful(type, initialValue, leafLabel):
            lines = ["\(indent)\(type.rawValue)(state: \(initialValue))"]
            label = leafLabel
        case .leaf, .container, .anyView:
            lines = view(base, indent: indent)
        default:
            lines = ["\(indent)("] + viewLines(base, indent: indent + "    ") + ["\(indent))"]
        }
        lines[lines.count - 1] += suffixes.joined()
        if let label { lines[lines.count - 1] += " @\(label)" }
        return lines
    }

    private static func forEach(_ source: KeySource, content: Program, rows: [ForEachRow], indent: String) -> [String] {
        let keys = "[" + rows.map(\.key.description).joined(separator: ", ") + "]"
        let header: String
        switch source {
        case .identifiable: header = "ForEach(\(keys))"
        case .keyPath: header = "ForEach(\(keys), id: \\.id)"
        case .self: header = "ForEach(\(keys), id: \\.self)"
        case .indices: header = "ForEach(0..<\(rows.count), id: \\.self)"
        case .constantRange: header = "ForEach(0..<\(rows.count))"
        }
        guard let first = rows.first else { return block(header, content.defaultRender, indent: indent) }
        if rows.allSatisfy({ $0.content == first.content }) { return block(header, first.content, indent: indent) }
        var lines = [indent + header + " {"]
        for row in rows {
            lines.append(indent + "case \(row.key):")
            viewList(row.content, indent: indent + "    ", into: &lines)
        }
        lines.append(indent + "}")
        return lines
    }
}

extension Render: CustomStringConvertible {
    /// The render in SwiftUI-like syntax.
    public var description: String { RenderPrinter.print(self) }
}

extension Program: CustomStringConvertible {
    /// The program in SwiftUI-like syntax (its default render).
    public var description: String { RenderPrinter.print(self) }
}
