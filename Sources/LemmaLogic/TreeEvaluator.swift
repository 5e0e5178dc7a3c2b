import IdentityModel

/// Evaluates a lemma directly on concrete paths taken from trees: the solver-free meaning of every
/// formula, against which the Z3 encoding is cross-checked.
///
/// Identities come from the tree walk (`ViewPath.identity`), not from mapping steps, so agreement
/// between this evaluator and the path-level encoding also tests the reduction.
package struct TreeEvaluator {
    package let rules: RuleSet
    package let witnesses: [PathWitness]
    /// The identities of the stateful views of each render, in the lemma's render order: what
    /// `rendered(p, r)` reads.
    package let renderedIdentities: [Set<Identity>]

    /// An evaluator for one binding of the lemma's path variables, in binder order.
    package init(rules: RuleSet, witnesses: [PathWitness], renderedIdentities: [Set<Identity>] = []) {
        self.rules = rules
        self.witnesses = witnesses
        self.renderedIdentities = renderedIdentities
    }

    /// The truth of `formula` with every index variable unbound.
    package func holds(_ formula: LogicFormula) -> Bool {
        var indices = IndexBindings()
        return evaluate(formula, &indices)
    }

    private func evaluate(_ formula: LogicFormula, _ indices: inout IndexBindings) -> Bool {
        switch formula {
        case .constant(let value): return value
        case .not(let body): return !evaluate(body, &indices)
        case .and(let parts): return parts.allSatisfy { evaluate($0, &indices) }
        case .or(let parts): return parts.contains { evaluate($0, &indices) }
        case .implies(let lhs, let rhs): return !evaluate(lhs, &indices) || evaluate(rhs, &indices)
        case .exists(let variable, let path, let body):
            return quantify(existential: true, variable, path, body, &indices)
        case .forall(let variable, let path, let body):
            return quantify(existential: false, variable, path, body, &indices)
        case .compare(let op, let lhs, let rhs):
            if lhs.sort == .int, rhs.sort == .int {
                guard let left = integer(lhs, indices), let right = integer(rhs, indices) else { return false }
                return op.holds(left, right)
            }
            guard let left = value(lhs, indices), let right = value(rhs, indices) else { return false }
            return compare(op, left, right)
        case .sameView(let lhs, let rhs):
            return witnesses[lhs].path.isSameView(as: witnesses[rhs].path)
        case .sameAddress(let lhs, let rhs):
            return witnesses[lhs].path.hasSameAddress(as: witnesses[rhs].path)
        case .rendered(let path, let render):
            precondition(renderedIdentities.indices.contains(render), "rendered(p, r) needs the identities of render \(render)")
            return renderedIdentities[render].contains(witnesses[path].path.identity)
        }
    }

    /// `exists` is true at the first index where the body holds; `forall` false at the first where it fails.
    private func quantify(
        existential: Bool, _ variable: Int, _ path: Int, _ body: LogicFormula, _ indices: inout IndexBindings
    ) -> Bool {
        let count = witnesses[path].path.steps.count
        guard count > 0 else { return !existential }
        indices.bind(variable, to: 0)
        defer { indices.unbind() }
        for index in 0..<count {
            indices.rebind(to: index)
            if evaluate(body, &indices) == existential { return existential }
        }
        return !existential
    }

    private func resolve(_ index: IndexTerm, _ indices: IndexBindings) -> Int? {
        guard let variable = index.variable else { return index.offset }
        // The language bounds offsets (E062); an offset that overflows anyway reads no step.
        guard let bound = indices[variable] else { return nil }
        let (sum, overflow) = bound.addingReportingOverflow(index.offset)
        return overflow ? nil : sum
    }

    /// The value of a term, or `nil` when it reads a step that does not exist or lacks the field.
    func value(_ term: LogicTerm, _ indices: IndexBindings) -> LogicValue? {
        switch term {
        case .int(let value): return .int(value)
        case .bool(let value): return .bool(value)
        case .key(let key): return .key(key)
        case .kind(let kind): return .kind(kind)
        case .viewType(let type): return .viewType(type)
        case .modifier(let modifier): return .modifier(modifier)
        case .container(let container): return .container(container)
        case .source(let source): return .source(source)
        case .index(let index): return resolve(index, indices).map { .int($0) }
        case .pathField(let path, let field):
            let witness = witnesses[path]
            switch field {
            case .length: return .int(witness.path.steps.count)
            case .leafType: return .viewType(witness.path.leafType)
            case .identity: return .identity(witness.path.identity)
            case .initial: return .int(witness.path.initial)
            case .state: return .int(witness.state)
            case .set: return witness.set.map { .int($0) }
            }
        case .stepField(let path, let index, let field):
            guard let step = step(path, index, indices) else { return nil }
            if let owner = field.owner, step.kind != owner { return nil }
            return Self.field(field, of: step)
        case .elem(let path, let index):
            guard let step = step(path, index, indices) else { return nil }
            return .elem(rules.element(of: step, generation: witnesses[path].generation))
        case .shifted(let inner, let amount):
            guard case .int(let value)? = value(inner, indices) else { return nil }
            let (sum, overflow) = value.addingReportingOverflow(amount)
            return overflow ? nil : .int(sum)
        }
    }

    /// An Int term's value as Z3's integers have it: a shifted field (`p.state + n`) past Int's
    /// range still compares (a field and a literal offset are each an Int, so their sum fits Int128).
    private func integer(_ term: LogicTerm, _ indices: IndexBindings) -> Int128? {
        if case .shifted(let inner, let amount) = term {
            return integer(inner, indices).map { $0 + Int128(amount) }
        }
        guard case .int(let value)? = value(term, indices) else { return nil }
        return Int128(value)
    }

    private func step(_ path: Int, _ index: IndexTerm, _ indices: IndexBindings) -> PathStep? {
        let steps = witnesses[path].path.steps
        guard let position = resolve(index, indices), steps.indices.contains(position) else { return nil }
        return steps[position]
    }

    /// The value of `field` on a step that has it; on a step of another kind, the neutral value of
    /// an Int or Bool field (0, false) and nil for the others.
    package static func field(_ field: StepField, of step: PathStep) -> LogicValue? {
        switch (field, step) {
        case (.kind, _): return .kind(step.kind)
        case (.slot, .tuple(let slot, _)): return .int(slot)
        case (.presentBefore, .tuple(_, let presentBefore)): return .int(presentBefore)
        case (.arm, .conditional(let arm, _, _)): return .bool(arm)
        case (.readsTwice, .conditional(_, let readsTwice, _)): return .bool(readsTwice)
        case (.transient, .conditional(_, _, let transient)): return .bool(transient)
        case (.source, .forEach(let source, _, _)): return .source(source)
        case (.key, .forEach(_, let key, _)): return .key(key)
        case (.offset, .forEach(_, _, let offset)): return .int(offset)
        case (.id, .explicitID(let id)): return .key(id)
        case (.modifier, .modified(let modifier, _)): return .modifier(modifier)
        case (.value, .modified(_, let value)): return .int(value)
        case (.erased, .anyView(let erased)): return .viewType(erased)
        case (.container, .container(let container)): return .container(container)
        case (.slot, _), (.presentBefore, _), (.offset, _), (.value, _): return .int(0)
        case (.arm, _), (.readsTwice, _), (.transient, _): return .bool(false)
        case (.source, _), (.key, _), (.id, _), (.modifier, _), (.erased, _), (.container, _): return nil
        }
    }

    private func compare(_ op: Comparison, _ lhs: LogicValue, _ rhs: LogicValue) -> Bool {
        switch op {
        case .equal: return lhs == rhs
        case .notEqual: return lhs != rhs
        default:
            guard case .int(let a) = lhs, case .int(let b) = rhs else { return false }
            return op.holds(a, b)
        }
    }
}
