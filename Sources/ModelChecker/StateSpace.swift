/// What the breadth-first search walks: the states of one compiled program (or of two in
/// lockstep), its actions, and the property to check on every transition.
protocol StateSpace {
    associatedtype State: PackedState
    /// How many renders there are; `render` actions target `0 ..< renderCount`.
    var renderCount: Int32 { get }
    /// The state after first rendering `render`, or `nil` if that render is undefined behaviour.
    func initialState(_ render: Int32) -> State?
    /// The state after rendering `target`, or `nil` if the transition is undefined behaviour.
    func successor(of state: State, rendering target: Int32) -> State?
    /// The mutations `state` allows, as bits `mutate(_:_:)` takes.
    func mutationChoices(of state: State) -> IdentityBits
    /// The action and state of mutation `choice`.
    func mutate(_ state: State, _ choice: Int) -> (CheckerAction, State)
    /// The render a state shows.
    func render(of state: State) -> Int32
    /// Why the transition violates the property, or `nil`; `history` gives the transitions before
    /// it, from an initial render (only properties of whole traces ask).
    func violation(
        from old: State, by action: CheckerAction, to new: State, history: () -> [(State, CheckerAction, State)]
    ) -> String?
}

/// One compiled program under one rule set, with the property to check.
struct ProgramSpace: StateSpace {
    let program: CompiledProgram
    let property: TransitionProperty
    let renderCount: Int32

    init(program: CompiledProgram, property: TransitionProperty) {
        self.program = program
        self.property = property
        renderCount = Int32(program.renderCount)
    }

    @inline(__always)
    func initialState(_ render: Int32) -> CheckerState? {
        if program.isUndefined(render) { return nil }
        let rendered = program.rendered[Int(render)]
        return CheckerState(render: render, alive: rendered, values: program.initialOnes[Int(render)] & rendered)
    }

    @inline(__always)
    func successor(of state: CheckerState, rendering target: Int32) -> CheckerState? {
        program.isUndefined(from: state.render, to: target) ? nil : program.successor(of: state, rendering: target)
    }

    func mutationChoices(of state: CheckerState) -> IdentityBits { program.rendered[Int(state.render)] & ~state.values }

    func mutate(_ state: CheckerState, _ choice: Int) -> (CheckerAction, CheckerState) {
        (.mutate(Int16(choice)), CheckerState(render: state.render, alive: state.alive, values: state.values | IdentityBits(bit: choice)))
    }

    func render(of state: CheckerState) -> Int32 { state.render }

    @inline(__always)
    func violation(
        from old: CheckerState, by action: CheckerAction, to new: CheckerState,
        history: () -> [(CheckerState, CheckerAction, CheckerState)]
    ) -> String? {
        if let mayViolate = property.mayViolate, !mayViolate(program, old, action, new) { return nil }
        if let checkTransition = property.checkTransition {
            return checkTransition(Transition(program: program, old: old, action: action, new: new))
        }
        let trace = history().map { Transition(program: program, old: $0.0, action: $0.1, new: $0.2) }
        return property.check(trace + [Transition(program: program, old: old, action: action, new: new)])
    }
}
