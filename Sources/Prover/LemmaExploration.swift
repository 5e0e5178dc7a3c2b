import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import ModelChecker

/// `explore --lemma`: the explicit-state route alone (`BoundedRoute`, no solver) on the lemmas of
/// lemma files at bounds the user picks. It refutes or finds nothing; it never proves. Depths are
/// tried from 1 up to the bound, so a counterexample comes from the smallest depth that has one.
public struct LemmaExploration: Sendable {
    /// The deepest and widest trees.
    public var bound: Bound
    /// Stateful view types, modifier types and key values the checker draws from.
    public var viewTypes = 2
    public var modifierTypes = 2
    public var keyValues = 2
    /// Worker threads (default: all cores).
    public var workers: Int?
    /// Updated as programs are done, for a progress line.
    public var progress: ExplorationProgress?

    /// An exploration of every tree within `bound`.
    public init(bound: Bound) { self.bound = bound }

    /// What the exploration says about one item of a file.
    public enum Answer: Sendable {
        /// A counterexample (replayed on trees by the semantics), found at `bounds`, the smallest depth that has one.
        case refuted(Counterexample, bounds: Bounds, cases: Int)
        /// No tree within `bounds` violates the lemma: not a proof.
        case noCounterexample(bounds: Bounds, cases: Int)
        /// Explore does not apply (the reason): scenarios are concrete renders.
        case notApplicable(String)
    }

    /// One lemma or scenario of a file and its answer.
    public struct Item: Sendable {
        public var name: String
        /// `file:line:col` of the item.
        public var location: String
        public var answer: Answer
        public var seconds: Double
    }

    /// Input that cannot be explored: diagnostics (`file:line:col: error: … [Exxx]`).
    public struct InputError: Error, CustomStringConvertible {
        public var lines: [String]
        public var description: String { lines.joined(separator: "\n") }
    }

    /// The checked items of `files` whose names contain `filter`, or the diagnostics that stop them.
    public static func load(files: [URL], filter: String?) throws -> [(file: String, item: Loaded)] {
        var missing: [String] = []
        for file in files where !FileManager.default.fileExists(atPath: file.path) {
            missing.append("\(file.path): error: no such file [\(DiagnosticID.unreadableFile.rawValue)]")
        }
        if !missing.isEmpty { throw InputError(lines: missing) }
        let loaded = LemmaLoader(knownRuleSets: RuleSet.all.map(\.name), root: LemmaLoader.root(of: files)).load(files: files)
        if loaded.hasErrors { throw InputError(lines: loaded.diagnostics.filter(\.isError).map(\.description)) }
        var items: [(file: String, item: Loaded)] = []
        for file in loaded.files {
            let name = Verifier.displayPath(file.path)
            items += file.lemmas.map { (name, .lemma($0)) }
            items += file.scenarios.map { (name, .scenario($0)) }
        }
        if let filter { items = items.filter { $0.item.name.contains(filter) } }
        guard !items.isEmpty else {
            let what = filter.map { "no lemma or scenario matches --filter '\($0)'" } ?? "no lemma or scenario in the file"
            throw InputError(lines: ["error: \(what): nothing to explore [\(DiagnosticID.nothingToCheck.rawValue)]"])
        }
        return items
    }

    /// A checked item of a lemma file.
    public enum Loaded: Sendable {
        case lemma(CheckedLemma)
        case scenario(CheckedScenario)

        public var name: String {
            switch self {
            case .lemma(let lemma): return lemma.name
            case .scenario(let scenario): return scenario.name
            }
        }

        var range: SourceRange {
            switch self {
            case .lemma(let lemma): return lemma.range
            case .scenario(let scenario): return scenario.range
            }
        }
    }

    /// Explores `item` of `file`.
    public func run(_ item: Loaded, file: String) -> Item {
        let start = Date()
        let location = "\(file):\(item.range.start.line):\(item.range.start.column)"
        switch item {
        case .scenario(let scenario):
            return Item(
                name: scenario.name, location: location,
                answer: .notApplicable("a scenario is concrete renders, not a claim over trees; `verify-lemmas \(file) --filter \(scenario.name)` runs it"),
                seconds: 0)
        case .lemma(let lemma):
            guard let spec = LemmaCompiler.compile(lemma, rules: RuleSet.named(lemma.ruleSet) ?? .runtime) else {
                return Item(
                    name: lemma.name, location: location,
                    answer: .notApplicable(
                        "an invalidation lemma is about view values, not trees of these bounds; its checker route (every view of up to two "
                            + "properties) runs in `verify-lemmas \(file) --filter \(lemma.name)`"),
                    seconds: 0)
            }
            var route = BoundedRoute(workers: workers)
            route.viewTypes = viewTypes
            route.modifierTypes = modifierTypes
            route.keyValues = keyValues
            route.progress = progress
            var cases = 0
            var bounds: Bounds?
            for depth in 1...bound.depth {
                let result = route.run(spec, bound: Bound(depth: depth, branching: bound.branching))
                cases += result.cases
                bounds = result.bounds
                if case .refuted(let counterexample) = result.answer {
                    return Item(
                        name: lemma.name, location: location, answer: .refuted(counterexample, bounds: result.bounds, cases: cases),
                        seconds: Date().timeIntervalSince(start))
                }
            }
            return Item(
                name: lemma.name, location: location, answer: .noCounterexample(bounds: bounds ?? route.bounds(for: spec, bound: bound), cases: cases),
                seconds: Date().timeIntervalSince(start))
        }
    }
}

extension LemmaExploration.Item {
    /// The item as a person reads it: the verdict line, then the counterexample's renders as code.
    public var text: String {
        switch answer {
        case .refuted(let counterexample, let bounds, let cases):
            let lines = ["\(location): \(name): refuted at \(bounds) (\(cases) cases, \(Self.format(seconds)))"]
                + CounterexampleText.lines(counterexample, verbose: false).map { "  " + $0 }
            return lines.joined(separator: "\n")
        case .noCounterexample(let bounds, let cases):
            return "\(location): \(name): no counterexample within \(bounds) (\(cases) cases, \(Self.format(seconds))); not a proof"
        case .notApplicable(let reason):
            return "\(location): \(name): not explored: \(reason)"
        }
    }

    /// Whether the exploration found a counterexample.
    public var isRefuted: Bool {
        if case .refuted = answer { return true }
        return false
    }

    private static func format(_ seconds: Double) -> String { String(format: "%.2f s", seconds) }
}
