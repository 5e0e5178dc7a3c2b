import LemmaLogic
import Z3Kit

/// State mutations between renders (`mutate p`): right after the render `p` is bound in, the store
/// holds `p.set` for `p`'s identity. A mutated path is rendered there, so its identity is stored;
/// every other identity keeps its value. Only identity equality with the mutated path variables is
/// read, as in the rest of the store (Proofs/README.md, Theorem 7).
extension LemmaEncoder {
    /// The value `mutate` sets the state of path `path` to.
    func setValue(_ path: Int) -> Z3Term {
        context.const("\(paths[path].name).set", context.intSort)
    }

    /// The value the store holds for `x`'s identity once the mutations after render `render` are
    /// done, given `held`, the value it holds after the render: the last mutation of that identity
    /// wins.
    func heldAfterMutations(of x: Int, after render: Int, held: Z3Term) -> Z3Term {
        var value = held
        for mutated in lemma.mutations where lemma.paths[mutated].render == render {
            value = context.ite(identityEqual(paths[x], paths[mutated]), then: setValue(mutated), else: value)
        }
        return value
    }
}
