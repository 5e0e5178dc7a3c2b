/// An invalidation lemma evaluated on concrete views: each path's link at each transition and what
/// `BodyEvaluator` did with its trees. The solver-free meaning the Z3 encoding is checked against.
package struct InvalidationEvaluator {
    /// Per path, one link per transition.
    package let histories: [[ViewLink]]
    /// Per path, what the trees did at each transition.
    package let observations: [[ViewLinkObservation]]

    /// An evaluator for one binding of the lemma's path variables, in binder order, over one transition.
    package init(links: [ViewLink], observations: [ViewLinkObservation]) {
        self.init(histories: links.map { [$0] }, observations: observations.map { [$0] })
    }

    /// An evaluator for one binding of the lemma's path variables, each with its links and
    /// observations in transition order.
    package init(histories: [[ViewLink]], observations: [[ViewLinkObservation]]) {
        self.histories = histories
        self.observations = observations
    }

    /// The truth of `formula` with every index variable unbound.
    package func holds(_ formula: InvalidationFormula) -> Bool {
        var indices: [Int: Int] = [:]
        return evaluate(formula, &indices)
    }

    private func evaluate(_ formula: InvalidationFormula, _ indices: inout [Int: Int]) -> Bool {
        switch formula {
        case .constant(let value): return value
        case .not(let body): return !evaluate(body, &indices)
        case .and(let parts): return parts.allSatisfy { evaluate($0, &indices) }
        case .or(let parts): return parts.contains { evaluate($0, &indices) }
        case .implies(let lhs, let rhs): return !evaluate(lhs, &indices) || evaluate(rhs, &indices)
        case .exists(let variable, let path, let body):
            return histories[path][0].new.indices.contains { index in
                indices[variable] = index
                defer { indices[variable] = nil }
                return evaluate(body, &indices)
            }
        case .forall(let variable, let path, let body):
            return histories[path][0].new.indices.allSatisfy { index in
                indices[variable] = index
                defer { indices[variable] = nil }
                return evaluate(body, &indices)
            }
        case .compare(let op, let lhs, let rhs):
            guard let left = value(lhs, indices), let right = value(rhs, indices) else { return false }
            switch (left, right) {
            case let (.int(a), .int(b)):
                return op.holds(a, b)
            default:
                return op == .equal ? left == right : left != right
            }
        case .evaluated(let path, let transition): return observations[path][transition].view.evaluated
        case .parentEvaluated(let path, let transition): return observations[path][transition].parent.evaluated
        case .survives(let path, let transition): return observations[path][transition].survives
        case .tracks(let path, let property, let transition): return histories[path][transition].tracked.contains(property)
        case .bodyReads(let path, let property, let transition): return histories[path][transition].reads.contains(property)
        // One object's change, the same for every path (the replay checks that the links agree).
        case .propertyChanged(let property, let transition):
            return histories.first.map { $0[transition].propertyChanges.contains(property) } ?? false
        case .declaresKey(let path, let key): return histories[path][0].declaredKeys.contains(key)
        case .environmentChanged(let path, let key, let transition): return histories[path][transition].keyChanges.contains(key)
        case .holdsBinding(let holder, let owner, let render):
            return ViewLink.holdsBinding(ViewLink.values(of: histories[holder], at: render), of: histories[owner][render])
        case .observesObject(let path, let object): return histories[path][0].observedObjects.contains(object)
        case .findsObject(let path, let object): return histories[path][0].foundObjects.contains(object)
        // A send is the object's, the same for every path (the replay checks that the links agree).
        case .objectSent(let object, let transition): return histories.first?[transition].objectsSent.contains(object) ?? false
        case .holdsStateObject(let path): return histories[path][0].holdsStateObject
        case .initialiserChanged(let path, let transition): return histories[path][transition].initialiserChanged
        case .keepsStateObject(let path, let transition): return histories[path][transition].keepsStateObject
        // Asked only of a path `rowOf` declares (E049 otherwise), whose links have a row.
        case .keyKept(let path, let transition): return histories[path][transition].row?.keyKept ?? false
        case .moved(let path, let transition): return histories[path][transition].row?.moved ?? false
        // Links are views of trees, which have no lazy container: none is revived (`Revival`).
        case .revived: return false
        }
    }

    private func value(_ term: InvalidationTerm, _ indices: [Int: Int]) -> InvalidationValue? {
        switch term {
        case .int(let value): return .int(value)
        case .bool(let value): return .bool(value)
        case .propertyKind(let kind): return .propertyKind(kind)
        case .equality(let equality): return .equality(equality)
        case .index(let index): return resolve(index, indices).map(InvalidationValue.int)
        case .view(let path, let field, let transition): return histories[path][transition].value(of: field)
        case .property(let path, let index, let field, let transition):
            guard let resolved = resolve(index, indices) else { return nil }
            return histories[path][transition].value(of: field, at: resolved)
        }
    }

    private func resolve(_ index: IndexTerm, _ indices: [Int: Int]) -> Int? {
        guard let variable = index.variable else { return index.offset }
        // An offset that overflows is beyond every view's properties (as in Z3's unbounded
        // integers): undefined, so every comparison of it is false, not a crash (FINDINGS 12).
        guard let bound = indices[variable] else { return nil }
        let (sum, overflow) = bound.addingReportingOverflow(index.offset)
        return overflow ? nil : sum
    }
}
