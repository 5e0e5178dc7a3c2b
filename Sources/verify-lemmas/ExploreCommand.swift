import ArgumentParser
import IdentityModel
import ModelChecker

/// `verify-lemmas explore`: exhaustively explore small programs and check a property on every
/// transition with the explicit-state model checker. Exit status as TLC's: 0 the property holds
/// within the bounds, 1 it is violated (the counterexample is printed), 2 bad input.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Check a property on every program, render and transition within bounds.",
        discussion: "Exit status: 0 the property holds within the bounds, 1 it is violated, 2 bad input. Properties: "
            + TransitionProperty.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
            + ". Rule sets: " + RuleSet.all.map(\.name).joined(separator: ", ") + ".")

    @Option(parsing: .unconditional, help: "Most levels on a path, counting the leaf (1 to 6).")
    var depth = 4

    @Option(parsing: .unconditional, help: "Most children of a tuple and rows of a ForEach (1 to 5).")
    var branching = 3

    @Option(name: .customLong("view-types"), parsing: .unconditional, help: "Number of stateful view type tags (1 to 8).")
    var viewTypes = 4

    @Option(name: .customLong("modifier-types"), parsing: .unconditional, help: "Number of modifier tags (1 to 6).")
    var modifierTypes = 3

    @Option(name: .customLong("key-values"), parsing: .unconditional, help: "Number of key values for ForEach rows and .id (1 to 8).")
    var keyValues = 2

    @Option(parsing: .unconditional, help: "Most actions in a trace (1 to 8).")
    var steps = 1

    @Flag(name: .customLong("arbitrary-renders"), help: "Let a render be followed by a render of any program.")
    var arbitraryRenders = false

    @Flag(help: "Also take mutateState actions (set a rendered state to 1).")
    var mutations = false

    @Flag(name: .customLong("twice-read-conditions"), help: "Also enumerate conditions read twice in body, and their transient reads (seed 000 Finding 4).")
    var twiceReadConditions = false

    @Option(help: "The property to check.")
    var property = "engineer-expectation"

    @Option(help: "The rule set.")
    var rules = "runtime"

    @Flag(help: "Print states, transitions, time, states/second and peak memory.")
    var stats = false

    func validate() throws {
        let ranges: [(String, Int, ClosedRange<Int>)] = [
            ("--depth", depth, 1...6), ("--branching", branching, 1...5), ("--view-types", viewTypes, 1...8),
            ("--modifier-types", modifierTypes, 1...6), ("--key-values", keyValues, 1...8), ("--steps", steps, 1...8),
        ]
        for (option, value, range) in ranges where !range.contains(value) {
            throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
        if TransitionProperty.named(property) == nil {
            throw ValidationError("unknown property '\(property)'; known: " + TransitionProperty.all.map(\.name).joined(separator: ", "))
        }
        if RuleSet.named(rules) == nil {
            throw ValidationError("unknown rule set '\(rules)'; known: " + RuleSet.all.map(\.name).joined(separator: ", "))
        }
    }

    func run() throws {
        guard let selected = TransitionProperty.named(property), let ruleSet = RuleSet.named(rules) else {
            throw ValidationError("unknown property or rule set")
        }
        let bounds = Bounds(
            depth: depth, branching: branching, viewTypes: viewTypes, modifierTypes: modifierTypes,
            keyValues: keyValues, steps: steps, arbitraryRenders: arbitraryRenders,
            twiceReadConditions: twiceReadConditions)
        let result = try ModelChecker(bounds: bounds, rules: ruleSet, mutations: mutations).check(selected)
        print(result)
        print("states: \(result.statistics.states), transitions: \(result.statistics.transitions), distinct states: \(result.statistics.distinctStates)")
        if stats { print(result.statistics) }
        if result.counterexample != nil { throw ExitCode(1) }
    }
}
