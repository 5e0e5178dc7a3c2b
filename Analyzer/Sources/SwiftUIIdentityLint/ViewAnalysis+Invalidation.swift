import IdentityModel
import Invalidation

extension ViewAnalysis {
    /// `Binding(get:set:)` and closures passed to a child that is not Equatable: when this view's
    /// state changes, Invalidation's `BodyEvaluator` says whether the child's body runs again.
    func invalidation() throws -> [Finding] {
        guard !declaration.stateProperties.isEmpty else { return [] }
        var result: [Finding] = []
        for node in shape.nodes {
            guard case .leaf(let leaf) = node, let child = declarations[leaf.type], !child.isEquatable else { continue }
            for argument in leaf.arguments {
                // The child must keep the argument as it was passed: a closure as a function-typed
                // property, a binding as a binding (a @ViewBuilder closure called in `init` keeps a view).
                let stored = child.storedTypes[argument.label] ?? ""
                switch argument.kind {
                case .closure, .emptyClosure: guard stored.contains("->") else { continue }
                case .manualBinding: guard stored.hasPrefix("Binding") else { continue }
                case .projectedBinding, .value: continue
                }
                let rule: Rule
                let written: String
                switch argument.kind {
                case .manualBinding: (rule, written) = (.manualBindingDefeatsSkipping, "Binding(get: { 1 }, set: { … })")
                case .closure: (rule, written) = (.closureDefeatsSkipping, "{ action() }")
                // Captures nothing: the model decides (runtime compares such closures bitwise).
                case .emptyClosure: (rule, written) = (.closureDefeatsSkipping, "{ }")
                case .projectedBinding, .value: continue
                }
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
                else { continue }
                let what = argument.kind == .manualBinding ? "Binding(get:set:)" : "a closure"
                result.append(Finding(
                    rule: rule, site: argument.site, view: declaration.name,
                    message: "\(leaf.type)'s `\(argument.label):` is \(what), never equal to the previous one: \(leaf.type)'s body runs whenever \(declaration.name)'s does",
                    counterexample: .init(
                        change: "\(declaration.name)'s state changes; \(leaf.type)'s other properties are unchanged",
                        effect: "body(\(leaf.type)) \(evaluation.reason): \(argument.label) compared different",
                        before: tree, after: tree + "  (after `set parent = 1`)"),
                    rules: probe.rules.name))
            }
        }
        return result
    }

    /// `_name = State(initialValue: parameter)`: rendering the view again with another argument
    /// keeps the first value (R1).
    func seededStates() throws -> [Finding] {
        try declaration.seededStates.compactMap { seed in
            let type = RenderText.typeName(declaration.name)
            let before = "\(type)(state: 1) @seeded", after = "\(type)(state: 2) @seeded"
            var state = RuntimeState(rules: probe.rules)
            _ = try state.render(RenderParser.parse(before))
            let report = try state.render(RenderParser.parse(after))
            guard report.outcome(of: "seeded") == .survives, report.value(of: "seeded") == 1 else { return nil }
            return Finding(
                rule: .stateSeededFromInit, site: seed.site, view: declaration.name,
                message: "@State \(seed.property) is seeded from the parameter \(seed.parameter); later values of \(seed.parameter) are ignored",
                counterexample: .init(
                    change: "the parent passes \(seed.parameter) = 2 after 1, to the same \(declaration.name)",
                    effect: "\(seed.property) keeps 1: the initial value is read once, when the identity first appears",
                    before: before, after: after),
                rules: probe.rules.name)
        }
    }
}
