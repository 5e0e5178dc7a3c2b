import Foundation
import IdentityModel

/// Draws a counterexample's renders as Graphviz DOT: one cluster per render, the stateful leaves
/// the lemma talks about and the constructs above them highlighted.
public enum DotWriter {
    /// The DOT text of `counterexample`.
    public static func dot(_ counterexample: Counterexample, title: String) -> String {
        var lines = ["digraph \"\(escape(title))\" {", "  rankdir=TB;", "  node [shape=box, fontname=\"Menlo\"];"]
        var counter = 0
        for (index, render) in counterexample.trees.enumerated() {
            let name = index < counterexample.renders.count ? counterexample.renders[index].name : "render \(index)"
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\"\(escape(name))\";")
            _ = emit(render, into: &lines, counter: &counter)
            lines.append("  }")
        }
        if let difference = counterexample.firstDifference {
            lines.append("  note [shape=note, label=\"\(escape(difference))\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Emits a node and its children; returns the node's name and whether a stateful leaf is below it.
    private static func emit(_ render: Render, into lines: inout [String], counter: inout Int) -> (String, Bool) {
        counter += 1
        let name = "n\(counter)"
        let children: [(String, Render)]
        let label: String
        switch render {
        case .leaf(let type): label = type.rawValue; children = []
        case .stateful(let type, let initial, let tag):
            label = "\(type.rawValue)(state: \(initial))" + (tag.map { " @\($0)" } ?? ""); children = []
        case .tuple(let items): label = "TupleView"; children = items.enumerated().map { ("slot \($0.offset)", $0.element) }
        case .conditional(let arm, let active, _, _, _): label = "if \(arm)"; children = [("arm \(arm)", active)]
        case .optional(_, let content): label = "if \(content != nil)"; children = content.map { [("some", $0)] } ?? []
        case .forEach(let source, _, let rows):
            label = "ForEach(\(source))"; children = rows.map { ("key \($0.key)", $0.content) }
        case .explicitID(let key, let content): label = ".id(\(key))"; children = [("explicit \(key)", content)]
        case .modified(let content, let modifier, let value): label = ".\(modifier)(\(value))"; children = [("mod", content)]
        case .anyView(let content): label = "AnyView"; children = [("erased \(content.staticType)", content)]
        case .container(let kind, let content): label = kind.rawValue; children = [("", content)]
        }
        var stateful: Bool
        if case .stateful = render { stateful = true } else { stateful = false }
        var edges: [String] = []
        for (edge, child) in children {
            let (childName, childStateful) = emit(child, into: &lines, counter: &counter)
            stateful = stateful || childStateful
            let style = childStateful ? ", color=red, penwidth=2" : ""
            edges.append("    \(name) -> \(childName) [label=\"\(escape(edge))\"\(style)];")
        }
        let style = stateful ? ", color=red" : ""
        lines.append("    \(name) [label=\"\(escape(label))\"\(style)];")
        lines += edges
        return (name, stateful)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
