import Foundation
import IdentityModel
import Invalidation
import Prover

/// Draws a counterexample's renders as Graphviz DOT: one cluster per render, labelled with what goes
/// wrong there; the constructs on the paths the lemma names coloured per path variable (blue for
/// the first, orange, green and brown for the next, purple where they are the same view or beyond
/// those), each named in the title; the arm not taken, an
/// absent optional's content and the other rows grey and dashed; every stateful leaf with its
/// `initialValue`, the value it holds after that render and the value a `mutate` then sets. An
/// invalidation counterexample's view trees are drawn the same way, each custom view with its
/// values and, after a transition, the verdict of a view a path variable names.
package enum DotWriter {
    /// The colour of each path variable, in order, and its name in the legend; a node on several
    /// paths, or of a variable beyond these, is purple.
    static let colours = ["#1f5fbf", "#e07000", "#2e8b57", "#8b4513"]
    static let colourNames = ["blue", "orange", "green", "brown"]
    static let shared = "#8e44ad"
    static let grey = "#9a9a9a"

    /// The DOT text of `counterexample`.
    package static func dot(_ counterexample: Counterexample, title: String) -> String {
        var lines = [
            "digraph \"\(escape(title))\" {", "  rankdir=TB;", "  compound=true;",
            "  node [shape=box, fontname=\"Menlo\", fontsize=11];", "  edge [fontname=\"Menlo\", fontsize=9];",
            "  label=\"\(escape(legend(counterexample, title: title)))\";", "  labelloc=t;", "  fontname=\"Menlo\";",
        ]
        var counter = 0
        for (index, render) in counterexample.trees.enumerated() {
            let name = index < counterexample.renders.count ? counterexample.renders[index].name : "render \(index)"
            var label = name
            if let failure = counterexample.failure, failure.render == index { label += "\n(goes wrong here: \(failure.reason))" }
            let failing = counterexample.failure?.render == index
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\"\(escape(label))\";" + (failing ? " color=\"#c0392b\"; penwidth=2;" : ""))
            var context = Context(render: index, example: counterexample)
            _ = emit(render, inactive: false, context: &context, into: &lines, counter: &counter)
            lines.append("  }")
        }
        for (index, tree) in counterexample.viewTrees.enumerated() {
            let name = index < counterexample.renders.count ? counterexample.renders[index].name : "render \(index)"
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\"\(escape(name))\";")
            _ = emit(tree, render: index, example: counterexample, into: &lines, counter: &counter)
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The picture's title: the lemma, the colours, and what differs.
    static func legend(_ example: Counterexample, title: String) -> String {
        var parts = [title]
        let variables = example.bound
        if variables.count >= 2, variables[0].identity == variables[1].identity {
            parts.append("\(variables[0].variable) and \(variables[1].variable) are the same view (purple)")
        } else {
            for (offset, view) in variables.enumerated() { parts.append("\(view.variable): \(colourName(offset))") }
        }
        for (offset, variable) in variableNames(example).enumerated() { parts.append("\(variable): \(colourName(offset))") }
        if let failure = example.failure, !example.viewTrees.isEmpty { parts.append(failure.reason) }
        if let difference = example.firstDifference { parts.append("first difference: \(difference)") }
        return parts.joined(separator: "   ")
    }

    /// The legend's name of the colour of path variable `offset`.
    static func colourName(_ offset: Int) -> String { offset < colourNames.count ? colourNames[offset] : "purple" }

    /// The leaves of one render the path variables name.
    struct Context {
        /// Per stateful leaf label bound in this render, the variables' indices.
        var marked: [String: [Int]] = [:]
        var held: [String: HeldState] = [:]
        /// Per label, the value a `mutate` sets right after this render.
        var set: [String: Int] = [:]

        init(render: Int, example: Counterexample) {
            for (offset, view) in example.bound.enumerated() where view.render == render {
                if let label = view.label { marked[label, default: []].append(offset) }
                if let label = view.label, let value = view.set { set[label] = value }
            }
            // A view is marked in every render where its identity is, not just the one it is bound in.
            if render < example.held.count {
                for state in example.held[render] {
                    if let label = state.label { held[label] = state }
                    let variables = example.bound.enumerated().filter { $0.element.identity == state.identity }.map(\.offset)
                    if let label = state.label, !variables.isEmpty { marked[label] = Array(Set(variables + (marked[label] ?? []))).sorted() }
                }
            }
        }

        func colour(_ variables: [Int]) -> String? {
            guard let first = variables.first else { return nil }
            if Set(variables).count > 1 { return DotWriter.shared }
            return first < DotWriter.colours.count ? DotWriter.colours[first] : DotWriter.shared
        }
    }

    /// Emits a node and its children; returns the node's name and the variables whose leaves are below.
    private static func emit(
        _ render: Render, inactive: Bool, context: inout Context, into lines: inout [String],
        counter: inout Int, rowLabel: String? = nil
    ) -> (String, [Int]) {
        counter += 1
        let name = "n\(counter)"
        var children: [(edge: String, child: Render, inactive: Bool, row: String?)] = []
        var label: String
        var variables: [Int] = []
        switch render {
        case .leaf(let type): label = type.rawValue
        case .stateful(let type, let initial, let tag):
            let full = tag.map { $0 + (rowLabel ?? "") }
            label = "\(type.rawValue)" + (full.map { " @\($0)" } ?? "") + "\ninitialValue \(initial)"
            if !inactive, let full, let state = context.held[full] { label += ", holds \(state.held)" }
            if !inactive, let full, let value = context.set[full] { label += ", then set to \(value)" }
            if !inactive, let full { variables = context.marked[full] ?? [] }
        case .tuple(let items):
            label = "TupleView"
            children = items.enumerated().map { ("slot \($0.offset)", $0.element, inactive, rowLabel) }
        case let .conditional(arm, active, other, _, _):
            label = "if \(arm)"
            children = [("arm \(arm)", active, inactive, rowLabel), ("arm \(!arm) (not taken)", other.defaultRender, true, rowLabel)]
        case let .optional(content, rendered):
            label = "if \(rendered != nil)"
            children = [(rendered != nil ? "some" : "none (not rendered)", rendered ?? content.defaultRender, inactive || rendered == nil, rowLabel)]
        case let .forEach(source, content, rows):
            label = "ForEach(\(source))"
            children = rows.map { ("key \($0.key)", $0.content, inactive, (rowLabel ?? "") + "[\($0.key.description)]") }
            if rows.isEmpty { children = [("no rows", content.defaultRender, true, rowLabel)] }
        case let .explicitID(key, content): label = ".id(\(key))"; children = [("explicit \(key)", content, inactive, rowLabel)]
        case let .modified(content, modifier, value): label = ".\(modifier)(\(value))"; children = [("mod", content, inactive, rowLabel)]
        case .anyView(let content): label = "AnyView"; children = [("erased \(content.staticType)", content, inactive, rowLabel)]
        case let .container(kind, content): label = kind.rawValue; children = [("", content, inactive, rowLabel)]
        }
        var edges: [String] = []
        for (edge, child, childInactive, row) in children {
            let (childName, childVariables) = emit(
                child, inactive: childInactive, context: &context, into: &lines, counter: &counter,
                rowLabel: row)
            variables += childVariables
            var style = ""
            if childInactive { style = ", color=\"\(grey)\", fontcolor=\"\(grey)\", style=dashed" }
            if let colour = context.colour(childVariables) { style = ", color=\"\(colour)\", penwidth=2.5" }
            edges.append("    \(name) -> \(childName) [label=\"\(escape(edge))\"\(style)];")
        }
        var style = ""
        if inactive { style = ", color=\"\(grey)\", fontcolor=\"\(grey)\", style=dashed" }
        if let colour = context.colour(variables) { style = ", color=\"\(colour)\", penwidth=2.5, fontcolor=\"\(colour)\"" }
        if case .stateful = render, let colour = context.colour(variables) {
            style += ", style=filled, fillcolor=\"\(colour)22\""
        }
        lines.append("    \(name) [label=\"\(escape(label))\"\(style)];")
        lines += edges
        return (name, Array(Set(variables)).sorted())
    }

    /// The variables an invalidation counterexample's verdicts name, in order.
    static func variableNames(_ example: Counterexample) -> [String] {
        example.verdicts.map(\.variable).reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
    }

    /// Emits a custom view of an invalidation counterexample's render `render` and its children;
    /// returns the node's name. A view a path variable names is coloured, with its verdict when
    /// `render` is after a transition.
    private static func emit(
        _ node: ViewNode, render: Int, example: Counterexample, into lines: inout [String], counter: inout Int
    ) -> String {
        counter += 1
        let name = "n\(counter)"
        var label = RenderPrinter.print(ViewNode(
            node.label, steps: node.steps, value: node.value, stateChange: node.stateChange, dependencyChanged: node.dependencyChanged,
            environment: node.environment, environmentObjects: node.environmentObjects, objectsSent: node.objectsSent))
        let variables = Array(Set(example.verdicts.filter { ($0.before == render || $0.after == render) && $0.label == node.label }.map(\.variable)))
        for verdict in example.verdicts where verdict.after == render && verdict.label == node.label {
            label += "\n\(verdict.evaluated ? "evaluated" : "skipped") [\(verdict.rules.joined(separator: ", "))]: \(verdict.reason)"
                + (verdict.difference.map { " (\($0))" } ?? "")
        }
        let offsets = variables.compactMap { variableNames(example).firstIndex(of: $0) }.sorted()
        var style = ""
        if let first = offsets.first {
            let colour = offsets.count > 1 || first >= colours.count ? shared : colours[first]
            style = ", color=\"\(colour)\", penwidth=2.5, fontcolor=\"\(colour)\", style=filled, fillcolor=\"\(colour)22\""
        }
        lines.append("    \(name) [label=\"\(escape(label))\"\(style)];")
        for child in node.children {
            let childName = emit(child, render: render, example: example, into: &lines, counter: &counter)
            lines.append("    \(name) -> \(childName) [label=\"body\"];")
        }
        return name
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
