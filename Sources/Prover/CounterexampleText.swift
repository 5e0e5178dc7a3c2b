/// A counterexample (or a witness) as a person reads it in a terminal, the one printer of every
/// command (a run, `--explain`, `--example`, `explore --lemma`, `diff-rules`): the renders side by
/// side, the views the lemma's paths name marked `◀ p`, under each render the value every state
/// holds after it beside its `initialValue` (and the value a `mutate` then sets), the paths'
/// identities with the first differing element between `»` and `«`, for an invalidation lemma
/// each named view's verdict at each transition with the rules that decided it, the checks a
/// scenario failed, and the render where it goes wrong.
package enum CounterexampleText {
    /// Widest side-by-side layout; wider renders are printed one after another.
    static let maximumWidth = 150

    /// The lines, without indentation.
    package static func lines(_ example: Counterexample, verbose: Bool) -> [String] {
        let columns = example.renders.indices.map { column($0, of: example) }
        var lines = sideBySide(columns) ?? columns.flatMap { $0 }
        for view in example.bound {
            let name = renderName(view.render, of: example)
            lines.append("\(view.variable) in \(name): \(identity(view, highlight: example.differingElement))"
                + "  initialValue \(view.initialValue), holds \(view.state)" + (view.set.map { ", then set to \($0)" } ?? ""))
        }
        for check in example.failedChecks {
            let found = ReasonText.sentence(check.found).prefix { $0 != "\n" }
            lines.append("failed check \(check.reference) (\(check.file):\(check.line):\(check.column)): \(check.check); found \(found)")
        }
        for verdict in example.verdicts {
            lines.append(verdict.line(renderName: renderName(verdict.after, of: example)))
        }
        if let difference = example.firstDifference {
            lines.append("first difference: \(difference)")
        } else if example.bound.count >= 2 {
            lines.append("identities: \(example.bound[0].variable) and \(example.bound[1].variable) have the same identity")
        }
        if let failure = example.failure {
            let name = renderName(failure.render, of: example)
            lines.append("goes wrong at render '\(name)' (\(failure.render + 1) of \(example.renders.count)): \(failure.reason)")
        }
        if verbose {
            lines += example.paths.map { "path \($0)" }
            if !example.trace.isEmpty { lines.append("trace: " + example.trace.joined(separator: "; ")) }
        }
        return lines
    }

    /// The name of render `index`.
    private static func renderName(_ index: Int, of example: Counterexample) -> String {
        example.renders.indices.contains(index) ? example.renders[index].name : "render \(index)"
    }

    /// One render's column: its name, its code with the bound leaves marked, the held values.
    private static func column(_ index: Int, of example: Counterexample) -> [String] {
        let (name, code) = example.renders[index]
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (line, marks) in marks(in: lines, render: index, of: example) { lines[line] += "  ◀ " + marks.joined(separator: ", ") }
        var column = [name + ":"] + lines.map { "    " + $0 }
        if index < example.held.count, !example.held[index].isEmpty {
            column.append("  holds after it:")
            column += example.held[index].map { "    " + $0.brief }
        }
        return column
    }

    /// The lines of `render`'s code that hold the views the path variables name, with their
    /// variables (`p`, or `p = view[1]` for one row of a `ForEach`): an identity lemma's bound
    /// leaves, an invalidation lemma's views in the renders before and after each transition.
    private static func marks(in lines: [String], render: Int, of example: Counterexample) -> [(Int, [String])] {
        var named = example.bound.filter { $0.render == render }.compactMap { view in view.label.map { (view.variable, $0) } }
        for verdict in example.verdicts where verdict.before == render || verdict.after == render {
            if !named.contains(where: { $0 == (verdict.variable, verdict.label) }) { named.append((verdict.variable, verdict.label)) }
        }
        var result: [Int: [String]] = [:]
        for (variable, label) in named {
            let base = label.prefix { $0 != "[" }
            guard let line = lines.firstIndex(where: { names($0, label: String(base)) }) else { continue }
            result[line, default: []].append(base == label ? variable : "\(variable) = \(label)")
        }
        return result.sorted { $0.key < $1.key }
    }

    /// Whether `line` writes the label `@label` (not a longer label that starts with it).
    private static func names(_ line: String, label: String) -> Bool {
        var rest = Substring(line)
        while let range = rest.range(of: "@" + label) {
            let next = rest[range.upperBound...].first
            if next.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// Columns next to each other, or `nil` when they would be too wide.
    private static func sideBySide(_ columns: [[String]]) -> [String]? {
        guard columns.count > 1 else { return nil }
        let widths = columns.map { $0.map(\.count).max() ?? 0 }
        guard widths.reduce(0, +) + 3 * columns.count <= maximumWidth else { return nil }
        let height = columns.map(\.count).max() ?? 0
        return (0..<height).map { row in
            columns.enumerated().map { index, column in
                let cell = row < column.count ? column[row] : ""
                return index == columns.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: " │ ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }

    /// `[»arm(true)«, type(View1)]`: the identity with element `highlight` marked.
    static func identity(_ view: BoundView, highlight: Int?) -> String {
        let elements = view.identity.elements.enumerated().map { index, element in
            index == highlight ? "»\(element)«" : element.description
        }
        let marker = highlight == view.identity.elements.count ? " »(ends here)«" : ""
        return "[" + elements.joined(separator: ", ") + "]" + marker
    }
}
