/// The states of one program under a mutant of the rules and under the reference rules, in
/// lockstep: the same renders and the same views set, each rule set with its own identities.
/// The property is `identity-determines-state` with the reference rules' identities: every view
/// of a render holds the value the reference rules give it. With `reportsUndefined`, a render the
/// reference rules call undefined behaviour (duplicate keys) that the mutant renders is a violation:
/// the mutant gives a meaning to what the reference leaves undefined.
struct DifferentialSpace: StateSpace {
    /// The program under the mutant.
    let mutant: CompiledProgram
    /// The program under the reference rules.
    let reference: CompiledProgram
    let renderCount: Int32
    /// Whether a render undefined under the reference rules but not under the mutant is a violation.
    let reportsUndefined: Bool

    init(mutant: CompiledProgram, reference: CompiledProgram, reportsUndefined: Bool = false) {
        self.mutant = mutant
        self.reference = reference
        renderCount = Int32(mutant.renderCount)
        self.reportsUndefined = reportsUndefined
    }

    func initialState(_ render: Int32) -> ProductState? {
        if mutant.isUndefined(render) || reference.isUndefined(render) { return nil }
        func initial(_ program: CompiledProgram) -> CheckerState {
            let rendered = program.rendered[Int(render)]
            return CheckerState(render: render, alive: rendered, values: program.initialOnes[Int(render)] & rendered)
        }
        return ProductState(mutant: initial(mutant), reference: initial(reference))
    }

    func successor(of state: ProductState, rendering target: Int32) -> ProductState? {
        let old = state.mutant.render
        if mutant.isUndefined(from: old, to: target) { return nil }
        if reference.isUndefined(from: old, to: target) {
            guard reportsUndefined else { return nil }
            // The reference keeps its state: `violation` reports this transition.
            return ProductState(mutant: mutant.successor(of: state.mutant, rendering: target), reference: state.reference)
        }
        return ProductState(
            mutant: mutant.successor(of: state.mutant, rendering: target),
            reference: reference.successor(of: state.reference, rendering: target))
    }

    /// Views of the current render, by index, that hold 0 under either rule set.
    func mutationChoices(of state: ProductState) -> IdentityBits {
        var choices = IdentityBits.empty
        for (index, (view, twin)) in zip(mutant.leaves(of: state.mutant.render), reference.leaves(of: state.mutant.render)).enumerated()
        where index < IdentityBits.capacity && (!holds(view, in: state.mutant) || !holds(twin, in: state.reference)) {
            choices = choices | IdentityBits(bit: index)
        }
        return choices
    }

    func mutate(_ state: ProductState, _ choice: Int) -> (CheckerAction, ProductState) {
        func set(_ program: CompiledProgram, _ state: CheckerState) -> CheckerState {
            let leaf = program.leaves(of: state.render).dropFirst(choice).first!
            guard leaf.identity >= 0 else { return state }
            return CheckerState(render: state.render, alive: state.alive, values: state.values | IdentityBits(bit: Int(leaf.identity)))
        }
        return (.mutateView(Int16(choice)), ProductState(mutant: set(mutant, state.mutant), reference: set(reference, state.reference)))
    }

    func render(of state: ProductState) -> Int32 { state.mutant.render }

    func violation(
        from old: ProductState, by action: CheckerAction, to new: ProductState,
        history: () -> [(ProductState, CheckerAction, ProductState)]
    ) -> String? {
        guard case .render(let next) = action else { return nil }
        if reportsUndefined, reference.isUndefined(from: old.mutant.render, to: next) {
            return "this render is undefined behaviour under the reference rules (two views with one identity: "
                + "duplicate ForEach keys), but the mutant renders it, merging the views' states"
        }
        for (view, twin) in zip(mutant.leaves(of: next), reference.leaves(of: next)) {
            let value = holds(view, in: new.mutant), expected = holds(twin, in: new.reference)
            if value != expected {
                let survives = twin.identity >= 0 && old.reference.alive.contains(Int(twin.identity))
                return "the \(mutant.describeLeaf(view, in: next)) holds \(value ? 1 : 0) under the mutant, but its identity under "
                    + "the reference rules \(survives ? "survives, holding" : "is new, starting from") \(expected ? 1 : 0)"
            }
        }
        return nil
    }

    /// Whether `view` holds 1 in `state`: its identity's value, or its initial value for an
    /// identity that exists only in this render.
    private func holds(_ view: CompiledLeaf, in state: CheckerState) -> Bool {
        view.identity >= 0 ? state.values.contains(Int(view.identity)) : view.initialIsOne
    }
}

/// A state of the differential check: the mutant's and the reference's compact states.
struct ProductState: PackedState {
    var mutant: CheckerState
    var reference: CheckerState

    var hash64: UInt64 { (mutant.hash64 ^ reference.hash64 &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9 }
}
