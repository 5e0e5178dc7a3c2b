import IdentityModel

/// One case of the induction proving a `ReductionTheorem` under a rule set: a small ground query
/// that must be unsatisfiable. Discharge it with `ObligationRunner`.
package struct Obligation: Hashable, Sendable, CustomStringConvertible {
    /// The theorem this is a case of.
    package let theorem: ReductionTheorem
    /// The case of the induction.
    package let inductionCase: InductionCase
    /// The rules the tree-level model and the path-level element function `E` follow.
    package let rules: RuleSet

    /// Creates the obligation for one case of `theorem` under `rules`.
    package init(theorem: ReductionTheorem, inductionCase: InductionCase, rules: RuleSet) {
        self.theorem = theorem
        self.inductionCase = inductionCase
        self.rules = rules
    }

    /// The stable id, e.g. `locality.tuple`, `map.pointwise.step`, `siblings.forEach`.
    package var id: String { "\(theorem.idPrefix).\(inductionCase.idSuffix)" }

    /// What the obligation states, in one line.
    package var statement: String {
        switch (theorem, inductionCase) {
        case (.locality, .construct(let kind)):
            return "locality of the child at acc(pre) implies locality of \(Self.node(kind))"
        case (.prefixClosure, .construct(let kind)):
            return "prefix closure of the child at acc(pre1), acc(pre2) implies prefix closure of \(Self.node(kind))"
        case (.siblingIndependence, .construct(.forEach)):
            return "a row with the same key and content gets the same element at offset j1 of rs1 and j2 of rs2"
        case (.siblingIndependence, _):
            return "childAt(cs1, i) = childAt(cs2, i) implies the same element for child i of TupleNode(cs1), (cs2)"
        case (.mapPointwise, .prepend):
            return "mapE is pointwise on s implies mapE is pointwise on unit(x) ++ s"
        case (.mapPointwise, _):
            return "mapE is pointwise on the empty sequence"
        case (.locality, _):
            return "tid(Leaf(t), [], pre) = pre ++ mapE(steps(Leaf(t), [])) ++ [Type(leafAt(Leaf(t), []))]"
        case (.prefixClosure, _):
            return "pre1 != pre2 of equal length implies tid(Leaf(t), [], pre1) != tid(Leaf(t), [], pre2)"
        }
    }

    package var description: String { "\(id) [\(rules.name)]: \(statement)" }

    /// The node of a construct's step case and its leaf address, as in the SMT-LIB script.
    private static func node(_ kind: StepKind) -> String {
        switch kind {
        case .tuple: return "TupleNode(cs) at (i ++ a)"
        case .conditional: return "CondNode(taken, twice, transientRead, c) at a"
        case .optional: return "OptNode(true, c) at a"
        case .forEach: return "ForEachNode(src, rs) at (j ++ a)"
        case .explicitID: return "IDNode(k, c) at a"
        case .modified: return "ModNode(m, v, c) at a"
        case .anyView: return "AnyViewNode(t, c) at a"
        case .container: return "ContainerNode(box, c) at a"
        }
    }
}
