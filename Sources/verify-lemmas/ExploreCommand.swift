import ArgumentParser
import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import ModelChecker
import Prover

/// `verify-lemmas explore`: exhaustively explore small programs and check a property on every
/// transition with the explicit-state model checker. Exit status as TLC's: 0 the property holds
/// within the bounds, 1 it is violated (the counterexample is printed), 2 bad input (bounds too
/// large for the compact states included). With `--lemma PATH` it runs the bounded route on the
/// lemmas of a file or folder instead: 1 a lemma not as its `expect` says, 0 none (never "proved").
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Check a property on every program, render and transition within bounds.",
        discussion: "Exit status: 0 the property holds within the bounds, 1 it is violated, 2 bad input or an output not written. "
            + "With --lemma PATH: 1 some lemma is not as its `expect` says within the bounds, 0 every explored lemma is (no counterexample within the bounds is not a proof), 2 no item could be explored (scenarios and invalidation lemmas only). Properties: "
            + TransitionProperty.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
            + ". Rule sets: " + RuleSet.all.map(\.name).joined(separator: ", ") + ".")

    @Option(parsing: .unconditional, help: "Most levels on a path, counting the leaf (1 to 6).")
    var depth = 4

    @Option(parsing: .unconditional, help: "Most children of a tuple and rows of a ForEach (1 to 5).")
    var branching = 3

    @Option(name: .customLong("view-types"), parsing: .unconditional, help: "Number of stateful view type tags (1 to 8; default 4, with --lemma 2).")
    var viewTypes: Int?

    @Option(name: .customLong("modifier-types"), parsing: .unconditional, help: "Number of modifier tags (1 to 6; default 3, with --lemma 2).")
    var modifierTypes: Int?

    @Option(name: .customLong("key-values"), parsing: .unconditional, help: "Number of key values for ForEach rows and .id (1 to 8).")
    var keyValues = 2

    @Option(parsing: .unconditional, help: "Most actions in a trace (1 to 8).")
    var steps = 1

    @Option(
        name: .customLong("initial-values"), parsing: .unconditional,
        help: "How many initial values stateful views are rendered with: 1 for {0}, 2 for {0, 1}.")
    var initialValues = 1

    @Flag(name: .customLong("arbitrary-renders"), help: "Let a render be followed by a render of any program.")
    var arbitraryRenders = false

    @Flag(
        name: .customLong("any-view-contents"),
        help: "Let an AnyView wrap, in each render, its content program or a variant whose tuple siblings are drawn again (another static type, R5).")
    var anyViewContents = false

    @Flag(
        name: .customLong("duplicate-keys"),
        help: "Let ForEach rows repeat a key (undefined behaviour under the reference rules; with --mutant, a mutant that renders such a render is a violation).")
    var duplicateKeys = false

    @Flag(help: "Also take mutateState actions (set a rendered state to 1).")
    var mutations = false

    @Flag(name: .customLong("twice-read-conditions"), help: "Also enumerate conditions read twice in body, and their transient reads (seed 000 Finding 4).")
    var twiceReadConditions = false

    @Option(help: "The property to check (default: engineer-expectation, or identity-determines-state with --mutant).")
    var property: String?

    /// The property asked for, or the default.
    private var propertyName: String {
        property ?? (mutant == nil ? TransitionProperty.engineerExpectation.name : TransitionProperty.identityDeterminesState.name)
    }

    @Option(help: "The rule set.")
    var rules = "runtime"

    @Option(
        help: "Run the states under the rule set with this rule broken and check identity-determines-state against the reference rule set's identities (\(RuleMutation.allCases.map(\.rawValue).joined(separator: ", "))).")
    var mutant: String?

    @Option(parsing: .unconditional, help: "Worker threads, 1 to 64 (default: all cores).")
    var workers: Int?

    @Option(help: "Explore only part i of n of the programs (i/n, dealt round-robin); merge the parts' --stats-json with `verify-lemmas merge`.")
    var shard = "1/1"

    @Flag(help: "Print states, transitions, time, states/second and peak memory.")
    var stats = false

    @Option(name: .customLong("stats-json"), help: "Write the verdict and statistics as JSON to this file ('-' for standard output, instead of the text).")
    var statsJSON: String?

    @Option(
        name: .customLong("twin-tables"),
        help: "Write the compiled tables of every program to this file ('-' for standard output) for the SPIN twin (Benchmarks/spin) and exit.")
    var twinTables: String?

    @Option(
        help: "Check the lemmas of this lemma file or folder with the explicit-state checker alone (no solver) at --depth and --branching, deepening from depth 1 so a counterexample is a shortest one; exit 1 when a lemma is not as its `expect` says (refuted though expected to hold, or expected refuted and no counterexample within the bounds).")
    var lemma: String?

    @Option(help: "With --lemma: only lemmas whose name contains this text.")
    var filter: String?

    @Flag(help: "No progress on standard error (shown on a terminal once a run takes two seconds, and every ten seconds in a log).")
    var quiet = false

    func validate() throws {
        try UsageError.validating {
            let ranges: [(String, Int, ClosedRange<Int>)] = [
                ("--depth", depth, 1...6), ("--branching", branching, 1...5), ("--view-types", viewTypes ?? 1, 1...8),
                ("--modifier-types", modifierTypes ?? 1, 1...6), ("--key-values", keyValues, 1...8), ("--steps", steps, 1...8),
                ("--initial-values", initialValues, 1...2), ("--workers", workers ?? 1, 1...64),
            ]
            for (option, value, range) in ranges where !range.contains(value) {
                throw UsageError(.valueOutOfRange, "\(option) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
            }
            if TransitionProperty.named(propertyName) == nil {
                throw UsageError(.unknownProperty, "unknown property '\(propertyName)'; known: " + TransitionProperty.all.map(\.name).joined(separator: ", "))
            }
            // A property of values over whole traces cannot fail while every state keeps its one
            // initial value: with neither option, "holds" would be said of a check that could not fail.
            if lemma == nil, let selected = TransitionProperty.named(propertyName), selected.readsTrace, !mutations, initialValues == 1 {
                throw UsageError(
                    .optionDoesNotApply,
                    "--property \(propertyName) needs --mutations or --initial-values 2: without them every state keeps its initial value 0, so it cannot fail")
            }
            if RuleSet.named(rules) == nil {
                throw UsageError(.unknownRuleSet, "unknown rule set '\(rules)'; known: " + RuleSet.all.map(\.name).joined(separator: ", "))
            }
            if let mutant {
                guard RuleMutation(rawValue: mutant) != nil else {
                    throw UsageError(.unknownMutant, "unknown mutant '\(mutant)'; known: " + RuleMutation.allCases.map(\.rawValue).joined(separator: ", "))
                }
                guard propertyName == TransitionProperty.identityDeterminesState.name else {
                    throw UsageError(.optionDoesNotApply, "--mutant checks identity-determines-state against the reference rules; not with --property \(propertyName)")
                }
            }
            if Shard(shard) == nil { throw UsageError(.badShard, "--shard must be i/n with 1 <= i <= n, not '\(shard)'") }
            if lemma != nil {
                let excluded: [(String, Bool)] = [
                    ("--property", property != nil), ("--mutant", mutant != nil), ("--steps", steps != 1),
                    ("--initial-values", initialValues != 1), ("--arbitrary-renders", arbitraryRenders), ("--mutations", mutations),
                    ("--twice-read-conditions", twiceReadConditions), ("--rules", rules != "runtime"), ("--shard", shard != "1/1"),
                    ("--twin-tables", twinTables != nil), ("--any-view-contents", anyViewContents), ("--duplicate-keys", duplicateKeys),
                    ("--stats", stats),
                ]
                if let (option, _) = excluded.first(where: \.1) {
                    throw UsageError(.optionDoesNotApply, "\(option) does not apply with --lemma: a lemma names its renders, rules and property")
                }
            } else if filter != nil {
                throw UsageError(.optionDoesNotApply, "--filter selects lemmas of --lemma FILE; give --lemma")
            }
            var plan = OutputPlan()
            plan.file(statsJSON, option: "--stats-json")
            plan.file(twinTables, option: "--twin-tables")
            plan.inputs = lemma.map { [OutputPlan.Input(path: $0)] } ?? []
            try plan.validate()
        }
    }

    /// The bounds the options describe.
    var bounds: Bounds {
        Bounds(
            depth: depth, branching: branching, viewTypes: viewTypes ?? 4, modifierTypes: modifierTypes ?? 3,
            keyValues: keyValues, steps: steps, initialValues: initialValues, arbitraryRenders: arbitraryRenders,
            twiceReadConditions: twiceReadConditions, anyViewContents: anyViewContents, duplicateKeys: duplicateKeys)
    }

    /// `--lemma`'s exploration as the options say.
    var lemmaExploration: LemmaExploration {
        var exploration = LemmaExploration(bound: Bound(depth: depth, branching: branching))
        exploration.viewTypes = viewTypes ?? exploration.viewTypes
        exploration.modifierTypes = modifierTypes ?? exploration.modifierTypes
        exploration.keyValues = keyValues
        exploration.workers = workers
        return exploration
    }

    func run() throws {
        if let lemma { return try exploreLemmas(in: lemma) }
        guard let selected = TransitionProperty.named(propertyName), let ruleSet = RuleSet.named(rules), let part = Shard(shard) else {
            throw ValidationError("unknown property, rule set or shard")
        }
        if let twinTables {
            let text = try TwinTables.text(bounds: bounds, rules: ruleSet)
            if twinTables == "-" { StandardOutput.print(text, terminator: "") } else { try ReportFile.write(text, to: twinTables, option: "--twin-tables") }
            return
        }
        var checker = ModelChecker(
            bounds: bounds, rules: ruleSet, mutations: mutations, workers: workers, mutant: mutant.flatMap(RuleMutation.init(rawValue:)))
        checker.shard = part
        var display: ProgressDisplay?
        if !quiet {
            let progress = ExplorationProgress()
            checker.progress = progress
            display = ProgressDisplay(progress)
            display?.start()
        }
        let result: CheckResult
        do {
            result = try checker.check(selected)
        } catch let error as CompiledProgram.TooManyIdentities {
            display?.stop()
            StandardError.write(RunEnd(.boundsTooLarge, "Error: \(error); explore smaller bounds").line)
            throw ExitCode(2)
        }
        display?.stop()
        if let statsJSON {
            let report = ExploreReport(result: result, toolVersion: VerifyLemmas.toolVersion, rules: rules, mutant: mutant, mutations: mutations, shard: part)
            let data = try report.json() + Data("\n".utf8)
            if statsJSON == "-" { StandardOutput.write(data) } else { try ReportFile.write(data, to: statsJSON, option: "--stats-json") }
        }
        if statsJSON != "-" {
            StandardOutput.print("\(result)")
            if let mutant { StandardOutput.print("states under \(rules)+\(mutant), identities under \(rules)") }
            StandardOutput.print("states: \(result.statistics.states), transitions: \(result.statistics.transitions), distinct states: \(result.statistics.distinctStates)")
            if stats { StandardOutput.print("\(result.statistics)") }
        }
        if result.counterexample != nil { throw ExitCode(1) }
    }

    /// `--lemma PATH`: the bounded route on each selected item; exit 1 if any is not as its `expect` says.
    private func exploreLemmas(in file: String) throws {
        let items: [(file: String, item: LemmaExploration.Loaded)]
        do {
            items = try LemmaExploration.load(paths: [URL(fileURLWithPath: file)], filter: filter)
        } catch let error as LemmaExploration.InputError {
            StandardError.write(error.description + "\n")
            throw ExitCode(2)
        }
        var exploration = lemmaExploration
        var results: [LemmaExploration.Item] = []
        for (file, item) in items {
            var display: ProgressDisplay?
            if !quiet {
                let progress = ExplorationProgress()
                exploration.progress = progress
                display = ProgressDisplay(progress)
                display?.start()
            }
            let result = exploration.run(item, file: file)
            display?.stop()
            results.append(result)
        }
        results = LemmaExploration.settleUses(results)
        if statsJSON != "-" { for result in results { StandardOutput.print(result.text) } }
        let report = LemmaExplorationReport(results)
        if let statsJSON {
            let data = try report.json() + Data("\n".utf8)
            if statsJSON == "-" { StandardOutput.write(data) } else { try ReportFile.write(data, to: statsJSON, option: "--stats-json") }
        }
        if report.exitCode == 2 {
            StandardError.write("error: \(file): nothing explored: no item is an identity lemma [\(DiagnosticID.nothingToCheck.rawValue)]\n")
        }
        if report.exitCode != 0 { throw ExitCode(Int32(report.exitCode)) }
    }
}
