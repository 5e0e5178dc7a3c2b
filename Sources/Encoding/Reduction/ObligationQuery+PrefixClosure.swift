import IdentityModel
import Z3Kit

/// Prefix closure: `len(pre1) = len(pre2) ∧ pre1 ≠ pre2 ⇒ tid(n, a, pre1) ≠ tid(n, a, pre2)`, by
/// structural induction on `n`: a changed ancestor identity changes every descendant identity.
extension ObligationQuery {
    func prefixClosure(_ inductionCase: InductionCase) {
        let pre1 = vocabulary.constant("pre1", vocabulary.identitySort)
        let pre2 = vocabulary.constant("pre2", vocabulary.identitySort)
        if case .construct(let kind) = inductionCase {
            let unfolding = ConstructUnfolding(kind, rules: rules)
            assert(unfolding.hypotheses)
            assert(unfolding.identityDefinition(pre: pre1), unfolding.identityDefinition(pre: pre2))
            let acc1 = unfolding.accumulator(pre1)
            let acc2 = unfolding.accumulator(pre2)
            assert(prefixStatement(unfolding.child, unfolding.childAddress, acc1, acc2))
            prove(prefixStatement(unfolding.node, unfolding.address, pre1, pre2))
        } else {
            let type = vocabulary.constant("t", context.intSort)
            let (node, address) = leaf(type: type)
            assert(leafIdentityDefinition(type: type, pre: pre1), leafIdentityDefinition(type: type, pre: pre2))
            prove(prefixStatement(node, address, pre1, pre2))
        }
    }

    /// The statement at `(node, address)` for the parent identities `pre1` and `pre2`.
    private func prefixStatement(_ node: Z3Term, _ address: Z3Term, _ pre1: Z3Term, _ pre2: Z3Term) -> Z3Term {
        let differentParents = context.and([pre1.length().eq(pre2.length()), pre1.neq(pre2)])
        let tid1 = vocabulary.tid(node, address, pre1)
        return differentParents.implies(tid1.neq(vocabulary.tid(node, address, pre2)))
    }
}
