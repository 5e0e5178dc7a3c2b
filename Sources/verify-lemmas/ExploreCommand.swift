import ArgumentParser
import IdentityModel
import ModelChecker

/// `verify-lemmas explore`: exhaustively explore small programs and check a property on every
/// transition with the explicit-state model checker.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Check a property on every program, render and transition within bounds.",
        discussion: "Properties: "
            + TransitionProperty.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
            + ". Rule sets: " + RuleSet.all.map(\.name).joined(separator: ", ") + ".")

    @Option(help: "Most levels on a path, counting the leaf.")
    var depth = 4

    @Option(help: "Most children of a tuple and rows of a ForEach.")
    var branching = 3

    @Option(name: .customLong("view-types"), help: "Number of stateful view type tags.")
    var viewTypes = 4

    @Option(name: .customLong("modifier-types"), help: "Number of modifier tags.")
    var modifierTypes = 3

    @Option(name: .customLong("key-values"), help: "Number of key values for ForEach rows and .id.")
    var keyValues = 2

    @Option(help: "Most actions in a trace.")
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
        guard depth >= 1, branching >= 1, viewTypes >= 1, modifierTypes >= 1, keyValues >= 1, steps >= 1 else {
            throw ValidationError("bounds must be at least 1")
        }
    }

    func run() throws {
        guard let selected = TransitionProperty.named(property) else {
            throw ValidationError("unknown property '\(property)'; known: " + TransitionProperty.all.map(\.name).joined(separator: ", "))
        }
        guard let ruleSet = RuleSet.named(rules) else {
            throw ValidationError("unknown rule set '\(rules)'; known: " + RuleSet.all.map(\.name).joined(separator: ", "))
        }
        let bounds = Bounds(
            depth: depth, branching: branching, viewTypes: viewTypes, modifierTypes: modifierTypes,
            keyValues: keyValues, steps: steps, arbitraryRenders: arbitraryRenders,
            twiceReadConditions: twiceReadConditions)
        let result = try ModelChecker(bounds: bounds, rules: ruleSet, mutations: mutations).check(selected)
        print(result)
        print("states: \(result.statistics.states), transitions: \(result.statistics.transitions), distinct states: \(result.statistics.distinctStates)")
        if stats { print(result.statistics) }
    }
}
