import IdentityModel
import Invalidation

extension ViewAnalysis {
    /// `Binding(get:set:)` and closures passed to a child that is not Equatable: when this view's
    /// state changes, Invalidation's `BodyEvaluator` says whether the child's body runs again. One
    /// SIL010 finding per binding argument; one SIL011 finding per child call, listing its closures.
    func invalidation() throws -> [Finding] {
        guard !declaration.stateProperties.isEmpty else { return [] }
        var result: [Finding] = []
        for node in shape.nodes {
            guard case .leaf(let leaf) = node, let child = declarations[leaf.type], !child.isEquatable else { continue }
            // The parent's update must keep the child: not when every source of updates is pinned
            // by a conditional around it (its every change removes the child).
            guard !updateSources.subtracting(shape.pins(around: leaf.number) ?? []).isEmpty else { continue }
            var closures: [(label: String, finding: Finding)] = []
            for argument in leaf.arguments {
                // The child must keep the argument as it was passed: a closure as a function-typed
                // property, a binding as a binding (a @ViewBuilder closure called in `init` keeps a view).
                let stored = child.storedTypes[argument.label] ?? ""
                let rule: Rule
                let written: String
                switch argument.kind {
                case .manualBinding:
                    guard stored.hasPrefix("Binding") else { continue }
                    (rule, written) = (.manualBindingDefeatsSkipping, "Binding(get: { 1 }, set: { … })")
                case .closure:
                    guard stored.contains("->") else { continue }
                    (rule, written) = (.closureDefeatsSkipping, "{ action() }")
                // Captures nothing: the model decides (runtime compares such closures bitwise).
                case .emptyClosure:
                    guard stored.contains("->") else { continue }
                    (rule, written) = (.closureDefeatsSkipping, "{ }")
                case .projectedBinding, .value: continue
                }
                guard let finding = try skippingDefeated(leaf, argument, rule: rule, written: written) else { continue }
                if rule == .closureDefeatsSkipping {
                    closures.append((argument.label, finding))
                } else {
                    result.append(finding)
                }
            }
            guard var first = closures.first?.finding else { continue }
            let labels = closures.map { "`\($0.label):`" }.joined(separator: ", ")
            first.site = leaf.site
            first.message = "\(leaf.type)'s closure argument\(closures.count > 1 ? "s" : "") \(labels) \(closures.count > 1 ? "are" : "is") never equal to the previous one: \(leaf.type)'s body runs whenever \(declaration.name)'s does"
            result.append(first)
        }
        return result
    }

    /// The stored properties whose change updates this view: its state, bindings, observed and
    /// environment data, the stored properties its callers pass varying values for, and every
    /// function-typed one (a closure compares different whenever the caller runs: SIL011 one
    /// level up).
    private var updateSources: Set<String> {
        Set((variation.varying[declaration.name] ?? []).compactMap { name -> String? in
            let stored = Variation.called(name) ?? name
            return declaration.computedReads[stored] == nil ? stored : nil
        }).union(declaration.storedTypes.filter { $0.value.contains("->") }.keys)
    }

    /// The model's verdict on one argument: the child's body runs again when the parent's state
    /// changes because this argument compares different, or `nil`.
    private func skippingDefeated(_ leaf: ViewShape.Leaf, _ argument: ViewShape.Argument, rule: Rule, written: String) throws -> Finding? {
        let parent = RenderText.typeName(declaration.name), childType = RenderText.typeName(leaf.type)
        let label = RenderText.modifierName(argument.label)
        let tree = "\(parent)(state: 0) @parent { \(childType)(\(label): \(written)) @child }"
        let parsed = try ViewTreeParser.parse(tree)
        var after = ViewTreeParser.withState(parsed.root, states: ["parent": 1], readers: parsed.stateReaders)
        after.stateChange = .changedRead
        let before = ViewTreeParser.withState(parsed.root, states: ["parent": 0], readers: parsed.stateReaders)
        let evaluator = BodyEvaluator(identityRules: probe.rules, rules: .runtime)
        let evaluations = evaluator.evaluate(before: before, after: after)
        guard let evaluation = evaluations.first(where: { $0.label == "child" }), evaluation.evaluated,
            case .comparedDifferent(.differentAt(label)) = evaluation.reason
        else { return nil }
        let what = argument.kind == .manualBinding ? "Binding(get:set:)" : "a closure"
        return Finding(
            rule: rule, site: argument.site, view: declaration.name,
            message: "\(leaf.type)'s `\(argument.label):` is \(what), never equal to the previous one: \(leaf.type)'s body runs whenever \(declaration.name)'s does",
            counterexample: .init(
                change: "\(declaration.name)'s state changes; \(leaf.type)'s other properties are unchanged",
                effect: "body(\(leaf.type)) \(evaluation.reason): \(argument.label) compared different",
                before: tree, after: tree + "  (after `set parent = 1`)"),
            rules: probe.rules.name)
    }

    /// `_name = State(initialValue: parameter)`: rendering the view again with another argument
    /// keeps the first value (R1). A hazard only where a call site of the analysed files passes a
    /// varying value for the parameter (an initial value meant as such, a constant or an injected
    /// dependency gives no finding); the finding names that call site.
    func seededStates() throws -> [Finding] {
        try declaration.seededStates.compactMap { seed -> Finding? in
            guard let call = variation.varyingArguments[declaration.name]?[seed.label] else { return nil }
            let type = RenderText.typeName(declaration.name)
            let before = "\(type)(state: 1) @seeded", after = "\(type)(state: 2) @seeded"
            var state = RuntimeState(rules: probe.rules)
            _ = try state.render(RenderParser.parse(before))
            let report = try state.render(RenderParser.parse(after))
            guard report.outcome(of: "seeded") == .survives, report.value(of: "seeded") == 1 else { return nil }
            // A state the view writes itself (a draft, a countdown) is an initial value by design:
            // the stale seed is overwritten, not shown as is. Still reported, as a note. An object's
            // fields written do not replace the object seeded: only a write of the whole counts.
            let object = variation.observableTypes.contains(Variation.baseType(declaration.storedTypes[seed.property] ?? ""))
                || declaration.referenceProperties.contains(seed.property)
            let written = (object ? declaration.writes.replaced : declaration.writes.all).contains(seed.property)
            let message = "@State \(seed.property) is seeded from the parameter \(seed.parameter), and the call at \(call) passes a varying value; later values of \(seed.parameter) are ignored"
            return Finding(
                rule: .stateSeededFromInit, site: seed.site, view: declaration.name,
                message: message + (written ? " (\(declaration.name) writes \(seed.property) itself: a note)" : ""),
                counterexample: .init(
                    change: "the call at \(call) passes \(seed.label): 2 after 1, to the same \(declaration.name)",
                    effect: "\(seed.property) keeps 1: the initial value is read once, when the identity first appears",
                    before: before, after: after),
                rules: probe.rules.name, level: written ? .note : nil)
        }
    }
}
