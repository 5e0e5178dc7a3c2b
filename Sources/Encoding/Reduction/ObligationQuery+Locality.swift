import IdentityModel
import Z3Kit

/// Locality: `tid(n, a, pre) = pre ++ mapE(steps(n, a)) ++ [Type(leafAt(n, a))]` for every leaf
/// address `a` of `n`, by structural induction on `n`.
extension ObligationQuery {
    func locality(_ inductionCase: InductionCase) throws {
        if case .construct(let kind) = inductionCase {
            try localityStep(kind)
        } else {
            localityBase()
        }
    }

    /// The statement at `(node, address, pre)`.
    private func localityStatement(_ node: Z3Term, _ address: Z3Term, _ pre: Z3Term) -> Z3Term {
        let mapped = vocabulary.mapE(vocabulary.steps(node, address))
        let last = context.unitSequence(pathLeafElement(type: vocabulary.leafAt(node, address)))
        return vocabulary.tid(node, address, pre).eq(context.concat([pre, mapped, last]))
    }

    /// `Leaf(t)` at `[]`: `steps` is empty and `leafAt` is `t`.
    private func localityBase() {
        let type = vocabulary.constant("t", context.intSort)
        let pre = vocabulary.constant("pre", vocabulary.identitySort)
        let (node, address) = leaf(type: type)
        assert(
            leafIdentityDefinition(type: type, pre: pre),
            vocabulary.steps(node, address).eq(context.emptySequence(of: vocabulary.identity.step.sort)),
            vocabulary.leafAt(node, address).eq(type))
        mapEmpty()
        prove(localityStatement(node, address, pre))
    }

    /// The construct's node, given the statement for its child at the accumulator it passes down.
    private func localityStep(_ kind: StepKind) throws {
        let unfolding = ConstructUnfolding(kind, rules: rules)
        let pre = vocabulary.constant("pre", vocabulary.identitySort)
        assert(unfolding.hypotheses)
        assert(unfolding.identityDefinition(pre: pre))
        assert(unfolding.pathDefinitions())
        try mapPrepending(unfolding.step, to: vocabulary.steps(unfolding.child, unfolding.childAddress))
        assert(localityStatement(unfolding.child, unfolding.childAddress, unfolding.accumulator(pre)))
        prove(localityStatement(unfolding.node, unfolding.address, pre))
    }
}
