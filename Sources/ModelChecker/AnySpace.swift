/// A compiled program ready to explore: under one rule set, or under a mutant and the reference
/// rules in lockstep.
enum AnySpace {
    case program(ProgramSpace)
    case differential(DifferentialSpace)

    /// The program under the rules the states follow (the mutant's, for a differential check).
    var model: CompiledProgram {
        switch self {
        case .program(let space): return space.program
        case .differential(let space): return space.mutant
        }
    }

    /// How many renders there are.
    var renderCount: Int32 { Int32(model.renderCount) }
}
