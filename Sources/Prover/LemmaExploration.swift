import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import ModelChecker

/// `explore --lemma`: the explicit-state route alone (`BoundedRoute`, no solver) on the lemmas of
/// lemma files at bounds the user picks. It refutes or finds nothing; it never proves. Depths are
/// tried from 1 up to the bound, so a counterexample comes from the smallest depth that has one.
package struct LemmaExploration: Sendable {
    /// The deepest and widest trees.
    package var bound: Bound
    /// Stateful view types, modifier types and key values the checker draws from.
    package var viewTypes = 2
    package var modifierTypes = 2
    package var keyValues = 2
    /// Worker threads (default: all cores).
    package var workers: Int?
    /// Updated as programs are done, for a progress line.
    package var progress: ExplorationProgress?

    /// An exploration of every tree within `bound`.
    package init(bound: Bound) { self.bound = bound }

    /// What the exploration says about one item of a file.
    package enum Answer: Sendable {
        /// A counterexample (replayed on trees by the semantics), found at `bounds`, the smallest depth that has one.
        case refuted(Counterexample, bounds: Bounds, cases: Int)
        /// No tree within `bounds` violates the lemma: not a proof.
        case noCounterexample(bounds: Bounds, cases: Int)
        /// Explore does not apply (the reason): scenarios are concrete renders.
        case notApplicable(String)
    }

    /// One lemma or scenario of a file and its answer.
    package struct Item: Sendable {
        package var name: String
        /// `file:line:col` of the item.
        package var location: String
        /// What the item's `expect` says.
        package var expected: Expectation
        package var answer: Answer
        package var seconds: Double
        /// The lemmas whose statements it assumes (`use`), by name.
        package var uses: [String] = []
        /// What `settleUses` found of each used lemma, when it is not a lemma explored without a
        /// counterexample: its statement is then no more than assumed, as the run did not look at it
        /// or refuted it (or one it rests on).
        package var unsupportedUses: [(name: String, why: UnsupportedUse)] = []
    }

    /// Why a used lemma's statement is not supported by the exploration.
    package enum UnsupportedUse: Sendable {
        /// The exploration refuted it, or a lemma it rests on.
        case refuted
        /// The exploration did not run it (`--filter`, or not a lemma it explored).
        case notExplored
    }

    /// `items` with each lemma's uses judged against the others' answers: a lemma explored without
    /// a counterexample assumed the statements it uses, so one that rests (directly or through
    /// others) on a refuted lemma is not as a lemma expected to hold should be, as in a check run
    /// (where it is `unknown`), and one that rests on a lemma not explored says so.
    package static func settleUses(_ items: [Item]) -> [Item] {
        var items = items
        var index: [String: Int] = [:]
        for (position, item) in items.enumerated() { index[item.name] = position }
        var changed = true
        while changed {
            changed = false
            for position in items.indices {
                for name in items[position].uses where !items[position].unsupportedUses.contains(where: { $0.name == name }) {
                    let why: UnsupportedUse?
                    if let used = index[name] {
                        switch items[used].answer {
                        case .refuted: why = .refuted
                        case .noCounterexample: why = items[used].unsupportedUses.contains { $0.why == .refuted } ? .refuted
                            : items[used].unsupportedUses.isEmpty ? nil : .notExplored
                        case .notApplicable: why = .notExplored
                        }
                    } else {
                        why = .notExplored
                    }
                    if let why {
                        items[position].unsupportedUses.append((name, why))
                        changed = true
                    }
                }
            }
        }
        return items
    }

    /// Input that cannot be explored: diagnostics (`file:line:col: error: … [Exxx]`).
    package struct InputError: Error, CustomStringConvertible {
        package var lines: [String]
        package var description: String { lines.joined(separator: "\n") }
    }

    /// The checked items of `paths` (files, and folders searched for `.lemma` files) whose names
    /// contain `filter`, or the diagnostics that stop them.
    package static func load(paths: [URL], filter: String?) throws -> [(file: String, item: Loaded)] {
        var missing: [String] = []
        var files: [URL] = []
        for path in paths {
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) {
                missing.append("\(path.path): error: no such file or folder [\(DiagnosticID.unreadableFile.rawValue)]")
            } else {
                files += isFolder.boolValue ? LemmaLoader.lemmaFiles(in: path) : [path]
            }
        }
        if !missing.isEmpty { throw InputError(lines: missing) }
        let loaded = LemmaLoader(root: LemmaLoader.root(of: files)).load(files: files)
        if loaded.hasErrors { throw InputError(lines: loaded.diagnostics.filter(\.isError).map(\.description)) }
        var items: [(file: String, item: Loaded)] = []
        for file in loaded.files {
            let name = Verifier.displayPath(file.path)
            items += file.lemmas.map { (name, .lemma($0)) }
            items += file.scenarios.map { (name, .scenario($0)) }
        }
        if let filter { items = items.filter { $0.item.name.contains(filter) } }
        guard !items.isEmpty else {
            let what = filter.map { "no lemma or scenario matches --filter '\($0)'" } ?? "no lemma or scenario in \(paths.map(\.path).joined(separator: ", "))"
            throw InputError(lines: ["error: \(what): nothing to explore [\(DiagnosticID.nothingToCheck.rawValue)]"])
        }
        return items
    }

    /// A checked item of a lemma file.
    package enum Loaded: Sendable {
        case lemma(CheckedLemma)
        case scenario(CheckedScenario)

        package var name: String {
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

        var expectation: Expectation {
            switch self {
            case .lemma(let lemma): return lemma.expectation
            case .scenario(let scenario): return scenario.expectation
            }
        }
    }

    /// Explores `item` of `file`.
    package func run(_ item: Loaded, file: String) -> Item {
        let start = Date()
        let location = "\(file):\(item.range.start.line):\(item.range.start.column)"
        switch item {
        case .scenario(let scenario):
            return Item(
                name: scenario.name, location: location, expected: item.expectation,
                answer: .notApplicable("a scenario is concrete renders, not a claim over trees; `verify-lemmas \(file) --filter \(scenario.name)` runs it"),
                seconds: 0)
        case .lemma(let lemma):
            guard let spec = LemmaCompiler.compile(lemma, rules: lemma.ruleSet) else {
                return Item(
                    name: lemma.name, location: location, expected: item.expectation,
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
                        name: lemma.name, location: location, expected: item.expectation, answer: .refuted(counterexample, bounds: result.bounds, cases: cases),
                        seconds: Date().timeIntervalSince(start), uses: lemma.uses)
                }
            }
            return Item(
                name: lemma.name, location: location, expected: item.expectation, answer: .noCounterexample(bounds: bounds ?? route.bounds(for: spec, bound: bound), cases: cases),
                seconds: Date().timeIntervalSince(start), uses: lemma.uses)
        }
    }
}

extension LemmaExploration.Item {
    /// The item as a person reads it: the verdict line, then the counterexample's renders as code.
    package var text: String {
        switch answer {
        case .refuted(let counterexample, let bounds, let cases):
            let lines = ["\(location): \(name): refuted at \(bounds) (\(cases) cases, \(Self.format(seconds)))\(expectationNote)"]
                + CounterexampleText.lines(counterexample, verbose: false).map { "  " + $0 }
            return lines.joined(separator: "\n")
        case .noCounterexample(let bounds, let cases):
            return "\(location): \(name): no counterexample within \(bounds) (\(cases) cases, \(Self.format(seconds))); not a proof\(usesNote)\(expectationNote)"
        case .notApplicable(let reason):
            return "\(location): \(name): not explored: \(reason)"
        }
    }

    /// Whether the answer agrees with the item's `expect`: a refutation expected refuted, or no
    /// counterexample in a lemma expected to hold (which is not a proof: explore never proves); an
    /// item expected refuted that the bounds do not refute is not as expected, as in a lemma run.
    /// Nil for an item not explored.
    package var asExpected: Bool? {
        switch answer {
        case .refuted: return expected == .refuted
        case .noCounterexample: return expected == .holds && !unsupportedUses.contains { $0.why == .refuted }
        case .notApplicable: return nil
        }
    }

    /// The used statements a lemma without a counterexample assumed and the exploration does not support.
    var usesNote: String {
        guard !unsupportedUses.isEmpty else { return "" }
        return "; it assumes the statement of " + unsupportedUses.map { use in
            "'\(use.name)' ('use'), " + (use.why == .refuted ? "refuted here (or resting on a refuted lemma)" : "not explored here")
        }.joined(separator: " and of ")
    }

    /// How the answer meets the item's `expect`, after the verdict line.
    var expectationNote: String {
        guard let asExpected else { return "" }
        return "; expected \(expected == .holds ? "to hold" : "refuted"): \(asExpected ? "as expected" : "NOT as expected")"
    }

    private static func format(_ seconds: Double) -> String { String(format: "%.2f s", seconds) }
}
