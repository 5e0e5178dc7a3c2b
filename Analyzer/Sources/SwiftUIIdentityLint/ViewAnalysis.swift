import IdentityModel
import Invalidation

/// The rules applied to one lowered body: each candidate construct is turned into the two renders
/// it can produce, and only what the model shows becomes a finding.
struct ViewAnalysis {
    let declaration: ViewDeclaration
    let shape: ViewShape
    let probe: ModelProbe
    /// Custom views of the analysed files, by name.
    let declarations: [String: ViewDeclaration]
    /// What varies at run time: a finding's change must be one of these.
    let variation: Variation

    func findings() throws -> [Finding] {
        var result: [Finding] = []
        for node in shape.nodes {
            switch node {
            case .conditional(let c): result += try conditional(c)
            case .forEach(let f): result += try forEach(f)
            case let .explicitID(content, id): result += try explicitID(content, id)
            case .erased(let e): result += try erased(e)
            default: break
            }
        }
        result += try invalidation()
        return result
    }

    private func finding(_ rule: Rule, _ site: SourceSite, _ message: String, change: String, effect: String, _ outcome: ModelProbe.Outcome) -> Finding {
        Finding(
            rule: rule, site: site, view: declaration.name, message: message,
            counterexample: .init(change: change, effect: effect, before: outcome.before, after: outcome.after),
            rules: probe.rules.name)
    }

    /// The stateful leaves of two alternatives paired by type (the k-th of a type with the k-th),
    /// each pair sharing one label.
    private func pairs(_ a: ViewShape, _ b: ViewShape) -> [(ViewShape.Leaf, ViewShape.Leaf)] {
        var remaining = b.statefulLeaves
        var result: [(ViewShape.Leaf, ViewShape.Leaf)] = []
        for leaf in a.statefulLeaves {
            if let index = remaining.firstIndex(where: { $0.type == leaf.type }) {
                result.append((leaf, remaining.remove(at: index)))
            }
        }
        return result
    }

    private func conditional(_ c: ViewShape.Conditional) throws -> [Finding] {
        // A condition on a `let` fixed per call site, a constant or an injected dependency never
        // changes for one view: no finding (docs: "Only values that vary").
        guard variation.varies(c.reads, in: declaration.name) else { return [] }
        if case .notNil(let name, true) = c.condition, c.otherwise != nil {
            return try twiceRead(c, name)
        }
        guard let otherwise = c.otherwise else { return [] }
        var result: [Finding] = []
        for (index, (a, b)) in pairs(c.then, otherwise).enumerated() {
            // Each render takes the arms that reach its view of the pair (a switch's later case is
            // an arm of a nested conditional).
            var first = shape.choices(reaching: a.number) ?? Scenario()
            var second = shape.choices(reaching: b.number) ?? Scenario()
            let label = "paired\(index)"
            first.labels = [a.number: label, b.number: label]
            second.labels = first.labels
            // Two conditionals with the same conjuncts take the same arm: a render that splits
            // them never happens.
            guard !shape.contradicts(first), !shape.contradicts(second) else { continue }
            let outcome = try probe.probe(shape, first: first, second: second, label: label)
            guard outcome.effect == .lost else { continue }
            // Finding 1's shape: the arms are one view that only modifiers tell apart.
            let sameButModifiers = Self.signature(c.then.strippingModifiers) == Self.signature(otherwise.strippingModifiers)
                && Self.signature(c.then) != Self.signature(otherwise)
            let rule: Rule = sameButModifiers ? .conditionalModifier : .statefulViewInBothArms
            // Different data in the two arms (another list's rows, another picture): one identity
            // would carry the state of one content to the other, so the reset is what the code needs.
            if rule == .statefulViewInBothArms, showsDifferentData(a, b) { continue }
            var what = sameButModifiers
                ? "\(a.type) is built in both arms of `\(c.conditionText)`, differing only by modifiers"
                : "\(a.type) is built in both arms of `\(c.conditionText)`"
            what += "; toggling the condition gives it a new identity and its state starts again"
            // SIL006's arms may mean different content: a hazard where the user entered what is lost.
            let entered = rule == .conditionalModifier || holdsUserEnteredState(a.type)
            if !entered { what += " (no state of it is entered by the user: a note)" }
            var lost = finding(
                rule, c.site, what,
                change: "`\(c.conditionText)` goes from the arm of \(a.type) at line \(a.site.line) to the arm of \(b.type) at line \(b.site.line)",
                effect: "the state of \(a.type) is lost (reset to its initial value)", outcome)
            if !entered { lost.level = .note }
            result.append(lost)
        }
        return result
    }

    private func twiceRead(_ c: ViewShape.Conditional, _ name: String) throws -> [Finding] {
        for leaf in c.then.statefulLeaves {
            var first = Scenario(), second = Scenario()
            first.arms[c.number] = true
            second.arms[c.number] = true
            second.transient = [c.number]
            let outcome = try probe.probe(shape, first: first, second: second, label: first.label(of: leaf))
            guard outcome.effect == .lost else { continue }
            return [finding(
                .notNilReadTwice, c.site,
                "`if \(name) != nil` reads \(name) again in its content (\(name)!); a transient value between the reads rebuilds \(leaf.type)",
                change: "\(name) stays non-nil, but the body's second read of it sees a transient value",
                effect: "the state of \(leaf.type) (line \(leaf.site.line)) is lost", outcome)]
        }
        return []
    }

    private func forEach(_ f: ViewShape.ForEachShape) throws -> [Finding] {
        guard f.dataIsMutable, let leaf = f.content.statefulLeaves.first else { return [] }
        var first = Scenario(), second = Scenario()
        let label = first.label(of: leaf)
        switch f.ids {
        case .selfValue:
            // The change the model needs is an element edited in place.
            guard f.elementsChangeInPlace else { return [] }
            first.rows[f.number] = [1, 2]
            second.rows[f.number] = [3, 2]
            let outcome = try probe.probe(shape, first: first, second: second, label: "\(label)[3]", expectedFrom: "\(label)[1]")
            guard outcome.effect == .lost else { return [] }
            return [finding(
                .selfKeyedMutableRows, f.site,
                "ForEach(\(f.data), id: \\.self) keys each row by its value; editing an element gives its row a new identity",
                change: "the first element of \(f.data) is edited in place (key 1 becomes 3)",
                effect: "the row's \(leaf.type) (line \(leaf.site.line)) loses its state", outcome)]
        case .indices, .constantRange:
            first.rows[f.number] = [1, 2]
            second.rows[f.number] = [2]
            let outcome = try probe.probe(shape, first: first, second: second, label: "\(label)[0]", expectedFrom: "\(label)[1]")
            let effect: String
            switch outcome.effect {
            case .carried:
                effect = "row 0 keeps the state of the removed element: \(leaf.type) (line \(leaf.site.line)) of the second element gets the first one's state"
            case .undefined(let what):
                effect = "undefined behaviour: \(what)"
            case .lost, .kept:
                return []
            }
            return [finding(
                .indexKeyedRows, f.site, "ForEach(\(f.data)) keys rows by position, and the collection changes",
                change: "the first element of \(f.data) is removed", effect: effect, outcome)]
        case .identifiable, .keyPath:
            return []
        }
    }

    private func explicitID(_ content: ViewShape, _ id: ViewShape.ExplicitID) throws -> [Finding] {
        guard let leaf = content.statefulLeaves.first else { return [] }
        // A value that never changes never resets; a fresh value each render always does.
        guard id.kind == .freshEachRender || variation.varies(id.reads, in: declaration.name) else { return [] }
        var first = Scenario(), second = Scenario()
        first.ids[id.number] = 1
        second.ids[id.number] = 2
        let outcome = try probe.probe(shape, first: first, second: second, label: first.label(of: leaf))
        guard outcome.effect == .lost else { return [] }
        if id.kind == .freshEachRender {
            return [finding(
                .idNewEachRender, id.site, ".id(\(id.expression)) is a new value at every evaluation of the body",
                change: "the body runs again for any reason: .id(\(id.expression)) gives another key",
                effect: "\(leaf.type) (line \(leaf.site.line)) and everything below the .id start again", outcome)]
        }
        return [finding(
            .deliberateIDReset, id.site, ".id(\(id.expression)) restarts its content whenever \(id.expression) changes",
            change: "\(id.expression) changes", effect: "\(leaf.type) (line \(leaf.site.line)) starts again with its initial state", outcome)]
    }

    private func erased(_ e: ViewShape.Erased) throws -> [Finding] {
        guard e.contents.count >= 2 else { return [] }
        for (index, (a, b)) in pairs(e.contents[0], e.contents[1]).enumerated() {
            var first = shape.choices(reaching: a.number) ?? Scenario()
            var second = shape.choices(reaching: b.number) ?? Scenario()
            let label = "erased\(index)"
            first.labels = [a.number: label, b.number: label]
            second.labels = first.labels
            let outcome = try probe.probe(shape, first: first, second: second, label: label)
            guard outcome.effect == .lost else { continue }
            return [finding(
                .anyViewTypeFlip, e.site,
                "AnyView wraps \(a.type) as two different types; when the wrapped type changes, \(a.type) is rebuilt",
                change: "the AnyView's content switches from the first form (line \(a.site.line)) to the second (line \(b.site.line))",
                effect: "the state of \(a.type) is lost", outcome)]
        }
        return []
    }

    /// Whether two paired views show different data: inside different ForEach data, or an
    /// argument both calls pass reads different names on both sides. An argument that reads no
    /// name on one side (a literal, an enum case: a flag of the view) or that one call leaves out
    /// configures the view, it does not change what it shows.
    private func showsDifferentData(_ a: ViewShape.Leaf, _ b: ViewShape.Leaf) -> Bool {
        if shape.forEachData(around: a.number) != shape.forEachData(around: b.number) { return true }
        func byLabel(_ leaf: ViewShape.Leaf) -> [String: String] {
            Dictionary(leaf.data.map { entry in
                let parts = entry.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, second in first + " " + second })
        }
        let first = byLabel(a), second = byLabel(b)
        return first.contains { label, names in
            guard let other = second[label], !names.isEmpty, !other.isEmpty else { return false }
            return names != other
        }
    }

    /// Whether `type`, or a custom view its code names, holds state a user enters; a type the
    /// analysed files do not declare is taken as holding some.
    func holdsUserEnteredState(_ type: String) -> Bool {
        var seen: Set<String> = []
        var pending = [type]
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            guard let view = declarations[name] else { return true }
            if view.holdsUserEnteredState { return true }
            pending += view.calls.map(\.callee).filter { declarations[$0] != nil }
        }
        return false
    }

    /// A shape with its numbers and sites left out, to compare two arms.
    static func signature(_ shape: ViewShape) -> String {
        var scenario = Scenario()
        for leaf in shape.nodes.compactMap({ node -> ViewShape.Leaf? in if case .leaf(let l) = node { return l } else { return nil } }) {
            scenario.labels[leaf.number] = "x"
        }
        return RenderText.text(of: shape, in: scenario)
    }
}
