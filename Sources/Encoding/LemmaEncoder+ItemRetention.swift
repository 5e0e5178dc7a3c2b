import IdentityModel
import Z3Kit

/// R7 under `itemLevelRetention` (docs/rules.md#r7, Proofs/README.md Theorem 7): a lazy container's
/// cache holds only the items of its own list, so a view removed in render `r` keeps its state only
/// if the innermost container of its path that `r` still renders and that owns its list (a `Group`
/// passes its content's list through, `RuleSet.r7OwnsItsList`) is a retaining one. Two named
/// indices per path and render say where the removal happened, free except for what every real
/// removal satisfies: `removal(x, r)`, the first step whose prefix of `x`'s identity `r` no longer
/// renders (the path's length when only the leaf's element is gone), and `holder(x, r)`, the last
/// list-owning container step before it (-1 for none). They are constrained only where `x` was just removed.
extension LemmaEncoder {
    /// Index of the innermost list-owning container step of `x`'s path that `render` still renders, or -1.
    func itemHolder(_ x: Int, _ render: Int) -> Z3Term {
        context.const("\(paths[x].name)@\(lemma.renders[render]).holder", context.intSort)
    }

    /// Index of the first step of `x`'s path whose prefix `render` no longer renders.
    func itemRemoval(_ x: Int, _ render: Int) -> Z3Term {
        context.const("\(paths[x].name)@\(lemma.renders[render]).removal", context.intSort)
    }

    /// The removed item was an element of a retaining container's list.
    func itemHeld(_ x: Int, _ render: Int) throws -> Z3Term {
        let holder = itemHolder(x, render)
        return holder.ge(context.int(0)).and(try lazyContainerStep(paths[x].step(at: holder)))
    }

    /// A container step whose list is its own (`RuleSet.r7OwnsItsList`: not a `Group`, which passes
    /// its content's list through).
    func listOwningStep(_ step: Z3Term) throws -> Z3Term {
        let owners = try ContainerKind.allCases.filter(lemma.rules.r7OwnsItsList).map {
            try vocabulary.field(.container, of: step).eq(vocabulary.term($0))
        }
        return vocabulary.isStep(.container, step).and(context.or(owners))
    }

    /// What every removal of `x`'s identity in `render` satisfies. The prefixes a render renders are
    /// closed under taking prefixes (a rendered node's ancestors are rendered), so the containers it
    /// still renders are exactly those before `removal`, and `holder` is the last that owns its list. In one
    /// program a step with no dynamic choice renders its child whenever it renders itself, so the
    /// first missing prefix ends at a step that can change (`identityMayChange`), never at the leaf.
    func itemRemovalFacts(_ x: Int, _ render: Int) throws -> Z3Term {
        let path = paths[x]
        let holder = itemHolder(x, render)
        let removal = itemRemoval(x, render)
        let j = indexVariable("j")
        let noContainerBetween = context.forall(
            [j], context.and([holder.lt(j), j.lt(removal)]).implies(
                try listOwningStep(path.step(at: j)).not()),
            patterns: [[path.step(at: j)]])
        var facts = [
            holder.ge(context.int(-1)), holder.lt(removal), inRange(removal, path, inclusive: true),
            holder.ge(context.int(0)).implies(try listOwningStep(path.step(at: holder))),
            noContainerBetween,
        ]
        if !lemma.anyProgram {
            facts += [inRange(removal, path), try identityMayChange(path.step(at: removal))]
        }
        return context.and(facts)
    }
}
