import Foundation
import IdentityModel
import LemmaLanguage

@testable import Prover
@testable import Scenarios

/// Compares recorded OpenSwiftUI observations with the model: each case that mirrors a scenario has
/// that scenario run through `ScenarioRunner` (as `verify-lemmas` runs it) and every body's
/// evaluated/skipped and `@State` value compared, render by render. Differences listed as decided
/// disagreements are accepted; any other, and any listed one that no longer happens, is a mismatch.
struct OracleAgreement {
    /// The folder holding `Lemmas/` and `docs/` (the repository's root, or a test's copy).
    var root: URL
    /// Each mirrored scenario's model run, made once: the hostile test asks the same runs again
    /// for every value it turns around, and the runs depend only on the lemma files.
    private let memo = Memo()

    init(root: URL) { self.root = root }

    private final class Memo {
        var scenarios: [String: CheckedScenario?] = [:]
        var runs: [String: ScenarioRun] = [:]
        /// Whether a document (under `root`) names a case, read once: the hostile test asks again for
        /// every value it turns around.
        var mentions: [String: Bool] = [:]
    }

    /// Every mismatch of `observations`, in case order.
    func mismatches(of observations: OracleObservations) -> [OracleMismatch] {
        var found = buildMismatches(observations)
        var differences: [OracleMismatch] = []
        var seen = Set<String>()
        for oracleCase in observations.cases {
            if !seen.insert(oracleCase.id).inserted { found.append(.duplicateCase(case: oracleCase.id)) }
            if oracleCase.renders.isEmpty == (oracleCase.noVerdict == nil)
                || (oracleCase.mirrors == nil && (oracleCase.description ?? "").isEmpty) {
                found.append(.malformedCase(case: oracleCase.id))
                continue
            }
            guard oracleCase.noVerdict == nil, let mirrors = oracleCase.mirrors else { continue }
            differences += compare(oracleCase, with: mirrors)
        }
        let decided = Set(observations.disagreements.map { Key($0.case, $0.render, $0.view) })
        found += differences.filter { key(of: $0).map { !decided.contains($0) } ?? true }
        let happened = Set(differences.compactMap(key(of:)))
        for disagreement in observations.disagreements {
            if !happened.contains(Key(disagreement.case, disagreement.render, disagreement.view)) {
                found.append(.staleDisagreement(case: disagreement.case, render: disagreement.render, view: disagreement.view))
            }
            let beside = ["docs/rules.md", "docs/invalidation.md"].contains(disagreement.decidedIn)
            if !beside || !document(disagreement.decidedIn, mentions: disagreement.case) || disagreement.reason.isEmpty {
                found.append(.undocumentedDisagreement(case: disagreement.case, decidedIn: disagreement.decidedIn))
            }
        }
        return found
    }

    /// A body of one render of one case: what a disagreement names.
    private struct Key: Hashable {
        var oracleCase: String, render: Int, view: String
        init(_ oracleCase: String, _ render: Int, _ view: String) { (self.oracleCase, self.render, self.view) = (oracleCase, render, view) }
    }

    private func key(of mismatch: OracleMismatch) -> Key? {
        switch mismatch {
        case .bodyDisagrees(let oracleCase, let render, let view, _, _), .stateDisagrees(let oracleCase, let render, let view, _, _):
            return Key(oracleCase, render, view)
        default:
            return nil
        }
    }

    private func buildMismatches(_ observations: OracleObservations) -> [OracleMismatch] {
        let commit = /^[0-9a-f]{40}$/
        let day = /^\d{4}-\d{2}-\d{2}$/
        var found: [OracleMismatch] = []
        for build in observations.builds
        where build.engine.isEmpty || build.date.wholeMatch(of: day) == nil || build.repositories.isEmpty
            || build.repositories.values.contains(where: { $0.wholeMatch(of: commit) == nil }) {
            found.append(.malformedBuild(build: build.id))
        }
        let ids = Set(observations.builds.map(\.id))
        for name in Set(observations.cases.map(\.build)).subtracting(ids).sorted() { found.append(.malformedBuild(build: name)) }
        return found
    }

    /// Whether the document at `path` under `root` contains `text` (false when it cannot be read).
    private func document(_ path: String, mentions text: String) -> Bool {
        let key = path + "\n" + text
        if let known = memo.mentions[key] { return known }
        let found = ((try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? "").contains(text)
        memo.mentions[key] = found
        return found
    }

    /// The mirrored scenario, loaded as `verify-lemmas` loads its file.
    func scenario(_ mirrors: OracleScenarioReference) -> CheckedScenario? {
        let key = "\(mirrors.file)#\(mirrors.item)"
        if let known = memo.scenarios[key] { return known }
        let loaded = LemmaLoader(root: root.appendingPathComponent("Lemmas"))
            .load(files: [root.appendingPathComponent(mirrors.file)])
            .scenarios.first { $0.name == mirrors.item }
        memo.scenarios[key] = loaded
        return loaded
    }

    /// The model's run of the mirrored scenario, as `verify-lemmas` runs it.
    private func modelRun(_ scenario: CheckedScenario, _ mirrors: OracleScenarioReference) -> ScenarioRun {
        let key = "\(mirrors.file)#\(mirrors.item)"
        if let known = memo.runs[key] { return known }
        let made = ScenarioRunner(rules: scenario.ruleSet, file: mirrors.file).run(scenario)
        memo.runs[key] = made
        return made
    }

    /// A step that acts, as the scenario writes it and a case's `steps` record it; `nil` for a check.
    static func actionText(_ step: ScenarioStep) -> String? {
        switch step.kind {
        case .render: return "render"
        case .set(let label, let value): return "set \(label) = \(value)"
        case .setUnread(let label, let value): return "set \(label) = \(value) unread"
        case .signal(let label): return "signal \(label)"
        case .setObservable(let object, let property, let value): return "set observable(\(object)).\(property) = \(value)"
        case .send(let object): return "send model(\(object))"
        case .sendUnobserved(let object): return "send model(\(object)) unobserved"
        case .outcome, .value, .undefined, .evaluation: return nil
        }
    }

    /// The model's verdicts on the mirrored scenario against the observed renders: an invalidation
    /// scenario's every body and `@State` value; an identity scenario's `@State` values only (the
    /// identity layer says nothing of which bodies run).
    private func compare(_ oracleCase: OracleCase, with mirrors: OracleScenarioReference) -> [OracleMismatch] {
        let id = oracleCase.id
        guard let scenario = scenario(mirrors) else { return [.scenarioMissing(case: id)] }
        let run = modelRun(scenario, mirrors)
        if let error = run.error { return [.modelGaveNoVerdict(case: id, code: error.code)] }
        if let unknown = run.unknown { return [.modelGaveNoVerdict(case: id, code: unknown.code)] }
        guard scenario.steps.compactMap(Self.actionText) == oracleCase.steps else { return [.stepsDiffer(case: id)] }
        let invalidation = scenario.invalidation != nil
        guard run.states.count == oracleCase.renders.count else {
            return [.renderCountDiffers(case: id, model: run.states.count, observed: oracleCase.renders.count)]
        }
        var found: [OracleMismatch] = []
        for (index, observed) in oracleCase.renders.enumerated() {
            let render = index + 1
            let states = run.states[index]
            let model: [String: Bool] = invalidation
                ? Dictionary(
                    run.evaluations[index].filter { !$0.label.hasPrefix("_") }.map { ($0.label, $0.evaluated) },
                    uniquingKeysWith: { first, _ in first })
                : states.mapValues { _ in true }
            let seen = Dictionary(observed.bodies.map { ($0.view, $0) }, uniquingKeysWith: { first, _ in first })
            for view in model.keys.sorted() where seen[view] == nil {
                found.append(.viewNotObserved(case: id, render: render, view: view))
            }
            for body in observed.bodies {
                guard let evaluated = model[body.view] else {
                    found.append(.viewNotInModel(case: id, render: render, view: body.view))
                    continue
                }
                if invalidation, evaluated != body.ran {
                    found.append(.bodyDisagrees(case: id, render: render, view: body.view, model: evaluated, observed: body.ran))
                }
                guard let state = body.state else {
                    if !invalidation { found.append(.malformedCase(case: id)) }
                    continue
                }
                if states[body.view] != state {
                    found.append(.stateDisagrees(case: id, render: render, view: body.view, model: states[body.view], observed: state))
                }
            }
        }
        return found
    }
}
