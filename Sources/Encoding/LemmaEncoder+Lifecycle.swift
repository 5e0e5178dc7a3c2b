import IdentityModel
import LemmaLogic
import Z3Kit

/// The state store at the path level (R1, R7, R9), mirroring `RuntimeState`: for every path variable
/// `x` and every render `r` of the lemma, whether `x`'s identity is rendered in `r`, whether the
/// store holds a state for it after `r`, and the value held. Presence in a render where `x` is not
/// bound is free (any set of other views may be there), which over-approximates trees: proofs stay
/// sound and counterexamples are replayed. State is set freely after the first render (the
/// lemma's `p.state` there) and by the lemma's mutations (`LemmaEncoder+Mutation.swift`); later
/// renders compute it.
extension LemmaEncoder {
    /// The store symbols of path `path` in render `render`.
    struct StoreSymbols {
        /// `x`'s identity is the identity of a stateful view of the render.
        var present: Z3Term
        /// The store holds a state for that identity after the render (rendered or retained).
        var stored: Z3Term
        /// The value it holds.
        var held: Z3Term
        /// The `initialValue` the render passes where the identity is allocated.
        var initial: Z3Term
        /// The render renders the identity's outermost lazy container, whose item cache holds the
        /// removed subtree with a retained state in it (free where nothing forces it).
        var cacheKept: Z3Term
    }

    func store(_ path: Int, _ render: Int) -> StoreSymbols {
        let symbols = paths[path]
        let prefix = "\(symbols.name)@\(lemma.renders[render])"
        let bound = lemma.paths[path].render == render
        return StoreSymbols(
            present: context.const("\(prefix).present", context.boolSort),
            stored: context.const("\(prefix).stored", context.boolSort),
            held: bound ? symbols.state : context.const("\(prefix).held", context.intSort),
            initial: bound ? symbols.initial : context.const("\(prefix).initial", context.intSort),
            cacheKept: context.const("\(prefix).cacheKept", context.boolSort))
    }

    /// Constraints of the store for every path and render, and equal stores for equal identities.
    func lifecycleConstraints() throws -> [Z3Term] {
        var constraints: [Z3Term] = []
        for x in paths.indices {
            constraints.append(lazilyContained(x).iff(try hasStep(x, where: lazyContainerStep)))
            constraints.append(try outermostLazyContainerDefinition(x))
            for render in lemma.renders.indices { constraints += try transition(of: x, into: render) }
        }
        for x in paths.indices {
            for y in paths.indices where x < y {
                var same: [Z3Term] = []
                for render in lemma.renders.indices {
                    let a = store(x, render)
                    let b = store(y, render)
                    same += [
                        a.present.eq(b.present), a.stored.eq(b.stored), a.held.eq(b.held),
                        a.cacheKept.eq(b.cacheKept),
                    ]
                }
                constraints.append(identityEqual(paths[x], paths[y]).implies(context.and(same)))
            }
        }
        return constraints
    }

    /// What rendering `render` does to the state of `x`'s identity (`RuntimeState.render`).
    private func transition(of x: Int, into render: Int) throws -> [Z3Term] {
        let now = store(x, render)
        var constraints: [Z3Term] = []
        if lemma.paths[x].render == render { constraints.append(now.present) }
        // A rendered view's lazy container is rendered.
        constraints.append(now.present.implies(now.cacheKept))
        if !lemma.anyProgram {
            // In one program a view whose path has no dynamic choice is rendered, with the same
            // identity, by every render; so is a lazy container with no dynamic choice above it.
            constraints.append(now.present.not().implies(try hasStep(x, where: identityMayChange)))
            constraints.append(try outermostLazyContainerIsStatic(x).implies(now.cacheKept))
        }
        guard render > 0 else {
            constraints.append(now.stored.eq(now.present))
            return constraints
        }
        let before = store(x, render - 1)
        let heldBefore = heldAfterMutations(of: x, after: render - 1, held: before.held)
        let fresh = lemma.rules.mutation == .initialValueIgnored ? context.int(0) : now.initial
        let allocated = lemma.rules.mutation == .reReadInitialValue
            ? now.initial : context.ite(before.stored, then: heldBefore, else: fresh)
        // A retained state lives in a lazy container's item cache (the removed subtree with it);
        // it goes when no lazy container above it is rendered, i.e. when the outermost is not.
        let cacheSurvives = lazilyContained(x).not().or(now.cacheKept)
        var retained = retains(x)
        if lemma.rules.itemLevelRetention {
            // Only the item a retaining container's own list held is kept (`itemHeld`).
            retained = retained.and(try itemHeld(x, render))
            constraints.append(before.present.and(now.present.not()).implies(try itemRemovalFacts(x, render)))
        }
        let kept = context.ite(before.present, then: retained, else: before.stored).and(cacheSurvives)
        constraints.append(now.present.implies(now.stored.and(now.held.eq(allocated))))
        constraints.append(now.present.not().implies(now.stored.eq(kept).and(now.held.eq(heldBefore))))
        return constraints
    }

    /// The term `rendered(p, r)` reads.
    func rendered(_ path: Int, in render: Int) -> Z3Term { store(path, render).present }

    /// R7/R9: whether a removed view's state is retained, from whether it is under a lazy container.
    private func retains(_ x: Int) -> Z3Term {
        context.ite(
            lazilyContained(x), then: context.bool(lemma.rules.r7LazyRetention(isUnderLazyContainer: true)),
            else: context.bool(lemma.rules.r7LazyRetention(isUnderLazyContainer: false)))
    }

    private func lazilyContained(_ x: Int) -> Z3Term {
        context.const("\(paths[x].name).lazilyContained", context.boolSort)
    }

    /// Where the path's outermost lazy container is: a constant, defined (when the path is under a
    /// lazy container) as the index of a lazy container step with none above it. Naming it, rather
    /// than quantifying over it, keeps the constraints that use it ground.
    private func outermostLazyContainer(_ x: Int) -> Z3Term {
        context.const("\(paths[x].name).outermostLazy", context.intSort)
    }

    /// The definition of `outermostLazyContainer(x)`.
    private func outermostLazyContainerDefinition(_ x: Int) throws -> Z3Term {
        let path = paths[x]
        let c = outermostLazyContainer(x)
        let j = indexVariable("j")
        let noneAbove = context.forall(
            [j], context.and([j.ge(context.int(0)), j.lt(c)]).implies(try lazyContainerStep(path.step(at: j)).not()),
            patterns: [[path.step(at: j)]])
        return lazilyContained(x).implies(context.and([inRange(c, path), try lazyContainerStep(path.step(at: c)), noneAbove]))
    }

    /// Whether the path's outermost lazy container has no dynamic choice above it (no step at which
    /// identity or presence may change), so that one program renders it in every render.
    private func outermostLazyContainerIsStatic(_ x: Int) throws -> Z3Term {
        let path = paths[x]
        let j = indexVariable("j")
        let noneAbove = context.forall(
            [j], context.and([j.ge(context.int(0)), j.lt(outermostLazyContainer(x))])
                .implies(try identityMayChange(path.step(at: j)).not()),
            patterns: [[path.step(at: j)]])
        return lazilyContained(x).and(noneAbove)
    }

    /// `∃ i ∈ [0, length). predicate(step(i))`.
    private func hasStep(_ x: Int, where predicate: (Z3Term) throws -> Z3Term) throws -> Z3Term {
        let i = indexVariable("i")
        return context.exists([i], inRange(i, paths[x]).and(try predicate(paths[x].step(at: i))))
    }

    func lazyContainerStep(_ step: Z3Term) throws -> Z3Term {
        let lazy = try ContainerKind.allCases.filter(lemma.rules.r7RetainingContainer).map {
            try vocabulary.field(.container, of: step).eq(vocabulary.term($0))
        }
        return vocabulary.isStep(.container, step).and(context.or(lazy))
    }

    /// Steps at which two renders of one program can differ in presence or identity below: the
    /// dynamic choices, plus the steps a rule set makes dynamic (an opaque `AnyView`, a mutant that
    /// reads `presentBefore` or a modifier's argument). A row of a constant range is not one: the
    /// range has one count in every render of the program (a change is undefined behaviour, R8) and
    /// its keys are the offsets, so each row is rendered, with its key, in every render.
    func identityMayChange(_ step: Z3Term) throws -> Z3Term {
        var kinds: [StepKind] = [.conditional, .optional, .explicitID]
        if lemma.rules.anyView == .opaque { kinds.append(.anyView) }
        if lemma.rules.mutation == .optionalShiftsSiblings { kinds.append(.tuple) }
        if lemma.rules.mutation == .modifierValueInIdentity { kinds.append(.modified) }
        let varyingRow = vocabulary.isStep(.forEach, step)
            .and(try vocabulary.field(.source, of: step).eq(vocabulary.term(.constantRange)).not())
        return context.or(kinds.map { vocabulary.isStep($0, step) } + [varyingRow])
    }

    /// For shrinking: no path's identity is rendered where no path of the lemma is bound to it, so
    /// the minimal renders of a realization can show the counterexample.
    func minimalPresence() -> Z3Term {
        var constraints: [Z3Term] = []
        for x in paths.indices {
            for render in lemma.renders.indices where lemma.paths[x].render != render {
                let witnesses = paths.indices.filter { lemma.paths[$0].render == render }
                    .map { identityEqual(paths[x], paths[$0]) }
                constraints.append(rendered(x, in: render).implies(context.or(witnesses)))
            }
        }
        return context.and(constraints)
    }
}
