import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import TestSupport

@testable import Prover

/// The soundness corpus (Tests/ProverTests/SoundnessCorpus): false lemmas, each with a witness that
/// shows it false on concrete trees, and the solver-free evaluation of that witness.
///
/// A witness is written in `//!` comment lines after its lemma (SoundnessCorpus/README.md):
///
/// ```
/// //! witness NAME
/// //! before: VStack { Counter(state: 5) @c }    one line per render of the lemma
/// //! set c = 7                                  mutations after the first render
/// //! after: VStack { Counter(state: 5) @c }
/// //! bind p = c, q = row[2]                     path variable = label
/// //! mutate p = 9                               the value of the lemma's `mutate p`
/// ```
enum SoundnessCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("SoundnessCorpus")

    static var files: [URL] { LemmaLoader.lemmaFiles(in: folder) }

    /// The corpus loaded and checked by the lemma language, as the verifier loads it.
    static func load() -> LemmaLoader.Result {
        LemmaLoader().load(files: files)
    }

    /// A temporary folder holding only the lemmas named in `names` (their source text cut out of the
    /// corpus files by their ranges), for runs over a subset of the corpus.
    static func subsetFolder(_ names: Set<String>) throws -> URL {
        let loaded = load()
        var text = "// A subset of Tests/ProverTests/SoundnessCorpus, written by SoundnessCorpusTests.\n\n"
        var found: Set<String> = []
        for file in loaded.files {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file.path)))
            for lemma in file.lemmas where names.contains(lemma.name) {
                text += String(decoding: bytes[lemma.range.start.offset..<lemma.range.end.offset], as: UTF8.self) + "\n\n"
                found.insert(lemma.name)
            }
        }
        guard found == names else { throw CorpusError("no corpus lemma named \(names.subtracting(found).sorted())") }
        let folder = TemporaryFolder.path("soundness-corpus")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("subset.lemma"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Every witness of every corpus file, by lemma name.
    static func witnesses() throws -> [String: CorpusWitness] {
        var result: [String: CorpusWitness] = [:]
        for file in files {
            for witness in try CorpusWitness.parse(try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent) {
                guard result[witness.lemma] == nil else { throw CorpusError("\(witness.place): a second witness for \(witness.lemma)") }
                result[witness.lemma] = witness
            }
        }
        return result
    }
}

/// A malformed witness.
struct CorpusError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Concrete renders, mutations and bindings that make one corpus lemma false.
struct CorpusWitness {
    var lemma: String
    var file: String
    var line: Int
    /// Render name (as in the lemma's `renders`) → render text in the IdentityModel syntax.
    var renders: [String: String] = [:]
    /// `set LABEL = VALUE`, applied in order after the first render.
    var mutations: [(label: String, value: Int)] = []
    /// Path variable → label of the view it binds to (in the render the lemma binds it in).
    var bindings: [String: String] = [:]
    /// `mutate VAR = VALUE`: the value a lemma's `mutate VAR` sets right after VAR's render.
    var pathMutations: [String: Int] = [:]

    var place: String { "\(file):\(line)" }

    /// The witnesses in the `//!` lines of a lemma file.
    static func parse(_ text: String, file: String) throws -> [CorpusWitness] {
        var result: [CorpusWitness] = []
        var current: CorpusWitness?
        for (offset, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("//!") else {
                if let finished = current { result.append(finished) }
                current = nil
                continue
            }
            let body = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let place = "\(file):\(offset + 1)"
            if body.hasPrefix("witness ") {
                if let finished = current { result.append(finished) }
                current = CorpusWitness(
                    lemma: body.dropFirst("witness ".count).trimmingCharacters(in: .whitespaces), file: file, line: offset + 1)
                continue
            }
            guard var witness = current else { throw CorpusError("\(place): `//!` line outside a witness") }
            if body.hasPrefix("bind ") {
                for binding in body.dropFirst("bind ".count).split(separator: ",") {
                    let parts = binding.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                        throw CorpusError("\(place): expected `bind VAR = LABEL, …`")
                    }
                    guard witness.bindings.updateValue(parts[1], forKey: parts[0]) == nil else {
                        throw CorpusError("\(place): \(parts[0]) bound twice")
                    }
                }
            } else if body.hasPrefix("mutate ") {
                let parts = body.dropFirst("mutate ".count).split(separator: "=", maxSplits: 1)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, let value = Int(parts[1]) else { throw CorpusError("\(place): expected `mutate VAR = INT`") }
                guard witness.pathMutations.updateValue(value, forKey: parts[0]) == nil else {
                    throw CorpusError("\(place): \(parts[0]) mutated twice")
                }
            } else if body.hasPrefix("set ") {
                let parts = body.dropFirst("set ".count).split(separator: "=", maxSplits: 1)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, let value = Int(parts[1]) else { throw CorpusError("\(place): expected `set LABEL = INT`") }
                guard witness.renders.count == 1 else {
                    throw CorpusError("\(place): `set` must follow the first render line (later states are computed)")
                }
                witness.mutations.append((parts[0], value))
            } else if let colon = body.firstIndex(of: ":") {
                let name = body[..<colon].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    throw CorpusError("\(place): expected `RENDER: code`")
                }
                guard witness.renders.updateValue(body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces), forKey: name) == nil
                else { throw CorpusError("\(place): render \(name) given twice") }
                witness.renderOrder.append(name)
            } else {
                throw CorpusError("\(place): unknown witness line `\(body)`")
            }
            current = witness
        }
        if let finished = current { result.append(finished) }
        return result
    }

    /// The render names in the order they were written (mutations follow the first of them).
    var renderOrder: [String] = []
}

/// What a witness shows about its lemma under some rules.
enum WitnessOutcome: Equatable, CustomStringConvertible {
    /// The statement is false on the witness: the lemma is refuted by it.
    case falsifies
    /// The statement holds on the witness (the corpus lemma would be a bad one under these rules).
    case holds
    /// The witness does not describe a legal trace under these rules (syntax, undefined behaviour,
    /// a label not found, renders of two programs for a one-program lemma).
    case invalid(String)

    var description: String {
        switch self {
        case .falsifies: return "falsifies"
        case .holds: return "holds"
        case .invalid(let why): return "invalid: \(why)"
        }
    }
}

/// A witness run through the semantics and the lemma evaluated on it, without any solver.
struct WitnessEvaluation {
    var outcome: WitnessOutcome
    /// The most levels on a stateful path (steps + leaf) over all renders, and the widest block or
    /// ForEach: whether a `proved [bounded]` verdict's bound covers the witness.
    var depth = 0
    var branching = 0

    /// Whether the witness lies within `bound` (then a bounded proof is contradicted by it).
    func isWithin(_ bound: Bound) -> Bool { depth <= bound.depth && branching <= bound.branching }

    /// Evaluates `witness` for `spec` (compiled under `rules`): parse the renders, run them through
    /// `RuntimeState` (undefined behaviour is caught), bind the path variables by label, and evaluate
    /// the statement with `TreeEvaluator`.
    static func evaluate(_ witness: CorpusWitness, spec: LemmaSpec) -> WitnessEvaluation {
        let rules = spec.rules
        guard Set(witness.renders.keys) == Set(spec.renders) else {
            return WitnessEvaluation(
                outcome: .invalid("renders \(witness.renders.keys.sorted()) given, the lemma has \(spec.renders)"))
        }
        guard witness.renderOrder.first == spec.renders.first || witness.mutations.isEmpty else {
            return WitnessEvaluation(outcome: .invalid("`set` lines must follow the first render, \(spec.renders[0])"))
        }
        guard Set(witness.bindings.keys) == Set(spec.paths.map(\.name)) else {
            return WitnessEvaluation(
                outcome: .invalid("bindings \(witness.bindings.keys.sorted()) given, the lemma binds \(spec.paths.map(\.name))"))
        }
        guard Set(witness.pathMutations.keys) == Set(spec.mutations.map { spec.paths[$0].name }) else {
            return WitnessEvaluation(
                outcome: .invalid("mutations \(witness.pathMutations.keys.sorted()) given, the lemma mutates \(spec.mutations.map { spec.paths[$0].name })"))
        }
        var renders: [Render] = []
        for name in spec.renders {
            do {
                renders.append(try RenderParser.parse(witness.renders[name]!))
            } catch {
                return WitnessEvaluation(outcome: .invalid("render \(name): \(error)"))
            }
        }
        var evaluation = WitnessEvaluation(outcome: .holds)
        evaluation.branching = renders.map(\.corpusBranching).max() ?? 0
        if !spec.anyProgram, let first = renders.first, let other = renders.firstIndex(where: { $0.program != first.program }) {
            return WitnessEvaluation(
                outcome: .invalid("\(spec.renders[other]) is not a render of the program of \(spec.renders[0]) (the lemma has no `any program`)"))
        }
        var runtime = RuntimeState(rules: rules)
        var bound = [PathWitness?](repeating: nil, count: spec.paths.count)
        var renderedIdentities: [Set<Identity>] = []
        for (index, render) in renders.enumerated() {
            let report: RenderReport
            do {
                report = try runtime.render(render)
            } catch {
                return WitnessEvaluation(outcome: .invalid("render \(spec.renders[index]): \(error)"))
            }
            if index == 0 {
                for mutation in witness.mutations {
                    do {
                        try runtime.mutateState(.label(mutation.label), to: mutation.value)
                    } catch {
                        return WitnessEvaluation(outcome: .invalid("set \(mutation.label): \(error)"))
                    }
                }
            }
            renderedIdentities.append(Set(report.views.map(\.path.identity)))
            evaluation.depth = max(evaluation.depth, report.views.map { $0.path.steps.count + 1 }.max() ?? 0)
            for (variable, path) in spec.paths.enumerated() where path.render == index {
                let label = witness.bindings[path.name]!
                let views = report.views.filter { $0.path.label == label }
                guard views.count == 1 else {
                    return WitnessEvaluation(
                        outcome: .invalid("\(views.count) views labelled \(label) in \(spec.renders[index]) "
                            + "(labels: \(report.views.compactMap(\.path.label)))"))
                }
                // The first render's states are whatever the mutations left; later ones are computed.
                let state = index == 0 ? runtime.value(of: label)! : views[0].value
                bound[variable] = PathWitness(
                    path: views[0].path, state: state, generation: report.generation, set: witness.pathMutations[path.name])
            }
            for variable in spec.mutations where spec.paths[variable].render == index {
                do {
                    try runtime.mutateState(.identity(bound[variable]!.path.identity), to: bound[variable]!.set!)
                } catch {
                    return WitnessEvaluation(outcome: .invalid("mutate \(spec.paths[variable].name): \(error)"))
                }
            }
        }
        let evaluator = TreeEvaluator(rules: rules, witnesses: bound.map { $0! }, renderedIdentities: renderedIdentities)
        evaluation.outcome = evaluator.holds(spec.statement) ? .holds : .falsifies
        return evaluation
    }
}

extension Render {
    /// The most children of a block or rows of a ForEach anywhere in the render.
    var corpusBranching: Int {
        switch self {
        case .leaf, .stateful: return 0
        case .tuple(let children): return max(children.count, children.map(\.corpusBranching).max() ?? 0)
        case let .conditional(_, active, _, _, _): return active.corpusBranching
        case let .optional(_, content): return content?.corpusBranching ?? 0
        case let .forEach(_, _, rows): return max(rows.count, rows.map(\.content.corpusBranching).max() ?? 0)
        case let .explicitID(_, content), let .modified(content, _, _), let .anyView(content), let .container(_, content):
            return content.corpusBranching
        }
    }
}

/// One corpus lemma, compiled, with its witness evaluated under its own rules and every mutant.
struct CorpusCase {
    var lemma: CheckedLemma
    var file: String
    var spec: LemmaSpec
    var witness: CorpusWitness
    var evaluation: WitnessEvaluation
    /// The mutants under which the witness still falsifies the lemma.
    var falseUnder: [RuleMutation: WitnessEvaluation]

    /// Every case of the corpus (the witness evaluated under each rule set the runs use).
    static func all() throws -> [CorpusCase] {
        let loaded = SoundnessCorpus.load()
        if loaded.hasErrors { throw CorpusError(loaded.diagnostics.map(\.description).joined(separator: "\n")) }
        var witnesses = try SoundnessCorpus.witnesses()
        var cases: [CorpusCase] = []
        for file in loaded.files {
            for lemma in file.lemmas {
                guard let witness = witnesses.removeValue(forKey: lemma.name) else {
                    throw CorpusError("\(file.path): lemma \(lemma.name) has no `//! witness`")
                }
                let base = lemma.ruleSet
                guard let spec = LemmaCompiler.compile(lemma, rules: base) else {
                    throw CorpusError("\(file.path): lemma \(lemma.name) is an invalidation lemma; they go in InvalidationSoundnessTests")
                }
                var falseUnder: [RuleMutation: WitnessEvaluation] = [:]
                for mutation in RuleMutation.allCases {
                    let mutated = WitnessEvaluation.evaluate(witness, spec: spec.under(base.mutated(mutation)))
                    if mutated.outcome == .falsifies { falseUnder[mutation] = mutated }
                }
                cases.append(CorpusCase(
                    lemma: lemma, file: URL(fileURLWithPath: file.path).lastPathComponent, spec: spec, witness: witness,
                    evaluation: WitnessEvaluation.evaluate(witness, spec: spec), falseUnder: falseUnder))
            }
        }
        if let stray = witnesses.values.first { throw CorpusError("\(stray.place): witness for unknown lemma \(stray.lemma)") }
        return cases
    }
}
