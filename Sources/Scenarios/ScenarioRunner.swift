import Encoding
import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import Results

/// What running a scenario showed.
package struct ScenarioRun: Sendable {
    /// Every `check` that failed, with its location and what was found instead.
    package var failures: [FailedCheck]
    /// The number of checks that passed.
    package var passed: Int
    /// The renders, as written.
    package var renders: [String]
    /// The renders, parsed.
    package var trees: [Render] = []
    /// Per render, every stateful view's `initialValue` and the value it holds before the next
    /// render (empty for an undefined render).
    package var held: [[HeldState]] = []
    /// The index of the last render before the first failed check.
    package var failingRender: Int?
    /// The labels of the views the failed checks name, in order, once each.
    package var failingLabels: [String] = []
    /// An invalidation scenario's renders as view trees, with the state changes and signals
    /// before each.
    package var viewTrees: [ViewNode] = []
    /// An invalidation scenario's views its failed `check L evaluated|skipped` name, as
    /// `BodyEvaluator` ran them.
    package var verdicts: [ViewVerdict] = []
    /// An invalidation scenario's `body(view)` events, per render, as `BodyEvaluator` gave them.
    package var evaluations: [[BodyEvaluation]] = []
    /// The `@State` values, per render, by view label, as each body reads them in that render (an
    /// identity scenario's before the `set`s that follow it; empty for an undefined render).
    package var states: [[String: Int]] = []
    /// The lifecycle log, as text.
    package var trace: [String]
    /// The lifecycle log.
    package var events: [LifecycleEvent] = []
    /// How many comparisons Z3's ground encoding confirmed.
    package var groundComparisons: Int
    /// Whether Z3's ground encoding could not cross-check the scenario (its rules are not local).
    package var groundNotLocal = false
    /// What `groundComparisons` counts: identities, or (invalidation scenarios) body verdicts.
    package var groundChecked = GroundComparison.identities
    /// Why a route gave no answer (Z3's budget ran out): the scenario is neither holding nor refuted.
    package var unknown: UnknownReason?
    /// A step the scenario could not perform (undefined behaviour it did not check for), or an
    /// internal error.
    package var error: ErrorReason?

    /// What Z3's ground encoding did with the scenario.
    package var groundCheck: GroundCheck {
        groundNotLocal ? .notLocal : .agreed(count: groundComparisons, compared: groundChecked)
    }
}

/// Runs a scenario through the dynamic layer of IdentityModel, checks each `check`, and confirms every
/// survive/reset decision with Z3's ground encoding of the same rules: the two must agree. A
/// scenario that checks body evaluation runs through Invalidation's `BodyEvaluator` instead, each
/// render confirmed by Z3's ground encoding of I1–I11 (`ScenarioRunner+Invalidation.swift`).
package struct ScenarioRunner {
    package let rules: RuleSet
    package let file: String
    /// The invalidation rules every invalidation scenario runs under instead of its own, if any.
    package let invalidationRules: InvalidationRules?
    /// The deliberately broken invalidation rule invalidation scenarios run under, if any.
    package let invalidationMutation: InvalidationMutation?
    /// A mutation applied to `BodyEvaluator` alone, so that the two routes disagree: only for
    /// testing that a disagreement is an error.
    let evaluatorMutation: InvalidationMutation?
    /// What each check of Z3's ground encoding of I1–I11 may spend.
    package let groundBudget: SolverBudget

    /// A runner for scenarios of `file` under `rules` (and, for invalidation scenarios,
    /// `invalidationRules` or else their own invalidation rule set, with `invalidationMutation`
    /// applied, each Z3 check within `groundBudget`).
    package init(
        rules: RuleSet, file: String, invalidationRules: InvalidationRules? = nil, invalidationMutation: InvalidationMutation? = nil,
        groundBudget: SolverBudget = GroundInvalidation.defaultBudget
    ) {
        self.rules = rules
        self.file = file
        self.invalidationRules = invalidationRules
        self.invalidationMutation = invalidationMutation
        evaluatorMutation = nil
        self.groundBudget = groundBudget
    }

    /// A runner whose `BodyEvaluator` alone breaks `evaluatorMutation`: the routes then disagree
    /// wherever the mutation changes a verdict.
    init(rules: RuleSet, file: String, evaluatorMutation: InvalidationMutation) {
        self.rules = rules
        self.file = file
        invalidationRules = nil
        invalidationMutation = nil
        self.evaluatorMutation = evaluatorMutation
        groundBudget = GroundInvalidation.defaultBudget
    }

    /// Runs `scenario`.
    package func run(_ scenario: CheckedScenario) -> ScenarioRun {
        if let invalidation = scenario.invalidation { return runInvalidation(scenario, base: invalidationRules ?? invalidation) }
        var run = ScenarioRun(failures: [], passed: 0, renders: [], trace: [], groundComparisons: 0, error: nil)
        var runtime = RuntimeState(rules: rules)
        var lastReport: RenderReport?
        var previousPaths: [ViewPath] = []
        var lastRenderUndefined: String?
        let ground: GroundIdentity?
        do {
            ground = try GroundIdentity(rules: rules)
        } catch EncodingError.notLocal {
            ground = nil
            run.groundNotLocal = true
        } catch {
            run.error = .internalError("internal error: no Z3 encoding for the scenario's cross-check: \(error)")
            return run
        }
        func location(_ range: LemmaLanguage.SourceRange) -> String { "\(file):\(range.start.line):\(range.start.column)" }
        func fail(_ step: ScenarioStep, _ finding: FailedCheck.Finding) {
            run.failures.append(failedCheck(step, found: finding))
            if run.failingRender == nil { run.failingRender = run.trees.count - 1 }
            if let label = finding.label, !run.failingLabels.contains(label) { run.failingLabels.append(label) }
        }

        var renders = scenario.renders.makeIterator()
        for step in scenario.steps {
            switch step.kind {
            case .render(let block):
                guard let render = renders.next() else {
                    run.error = .internalError("\(location(step.range)): internal error: the scenario has fewer parsed renders than render steps")
                    return run
                }
                run.renders.append(Self.asWritten(block.text))
                run.trees.append(render)
                run.held.append([])
                run.states.append([:])
                do {
                    let report = try runtime.render(render)
                    run.held[run.held.count - 1] = Counterexample.heldStates(report, store: runtime.store)
                    run.states[run.states.count - 1] = Dictionary(
                        run.held[run.held.count - 1].compactMap { held in held.label.map { ($0, held.held) } },
                        uniquingKeysWith: { first, _ in first })
                    lastRenderUndefined = nil
                    if let ground, let disagreement = confirm(report, previous: previousPaths, ground: ground, count: &run.groundComparisons) {
                        run.error = .groundDisagrees("\(location(step.range)): internal error: Z3 and the semantics disagree: \(disagreement)")
                        return run
                    }
                    previousPaths = report.views.map(\.path)
                    lastReport = report
                } catch {
                    lastRenderUndefined = "\(error)"
                    if let ground, case RuntimeError.undefinedBehaviour = error {
                        let generation = runtime.generation + 1
                        let paths = render.statefulPaths(rules: rules, generation: generation)
                        if let disagreement = confirmCollisions(paths, generation: generation, ground: ground, count: &run.groundComparisons) {
                            run.error = .groundDisagrees("\(location(step.range)): internal error: Z3 and the semantics disagree: \(disagreement)")
                            return run
                        }
                    }
                }
            case .set(let label, let value):
                do {
                    try runtime.mutateState(.label(label.description), to: value)
                    if lastRenderUndefined == nil, let lastReport { run.held[run.held.count - 1] = Counterexample.heldStates(lastReport, store: runtime.store) }
                } catch {
                    run.error = .unknownLabel(location: location(step.range), label: label.description)
                    return run
                }
            case .outcome(let label, let expected):
                let found: String
                if expected == .removed {
                    found = lastReport?.removed.contains(label.description) == true ? "removed" : "present"
                } else {
                    found = lastReport?.outcome(of: label.description)?.rawValue ?? "absent"
                }
                if found == expected.rawValue {
                    run.passed += 1
                } else {
                    fail(step, .outcome(label: label.description, found: found, expected: expected.rawValue))
                }
            case .value(let label, let expected):
                let found = runtime.value(of: label.description)
                if found == expected { run.passed += 1 } else {
                    fail(step, .value(label: label.description, found: found, expected: expected))
                }
            case .setUnread, .signal, .send, .sendUnobserved, .evaluation, .setObservable:
                run.error = .internalError("\(location(step.range)): internal error: an invalidation step in an identity scenario")
                return run
            case .undefined:
                if lastRenderUndefined != nil { run.passed += 1 } else { fail(step, .renderDefined) }
            }
            if let undefined = lastRenderUndefined, !isUndefinedCheckNext(after: step, in: scenario) {
                run.error = .undefinedBehaviour(location: location(step.range), what: undefined)
                return run
            }
        }
        run.trace = runtime.log.map(\.description)
        run.events = runtime.log
        return run
    }

    /// `file:line:col` of `range`.
    func location(_ range: LemmaLanguage.SourceRange) -> String { "\(file):\(range.start.line):\(range.start.column)" }

    /// The check `step` failed, having found `found`.
    func failedCheck(_ step: ScenarioStep, found: FailedCheck.Finding) -> FailedCheck {
        FailedCheck(
            name: step.name?.value, check: step.checkText ?? "", file: file, line: step.range.start.line,
            column: step.range.start.column, found: found)
    }

    /// A render block's text as the scenario wrote it, without the common indentation: printing
    /// the parsed render would show the inactive branches' defaults instead of what was written.
    static func asWritten(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let indent = lines.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { line in
            var trimmed = Substring(line.dropFirst(indent))
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            return String(trimmed)
        }.joined(separator: "\n")
    }

    /// An undefined render is an error unless the scenario's next statement checks for it.
    private func isUndefinedCheckNext(after step: ScenarioStep, in scenario: CheckedScenario) -> Bool {
        guard case .render = step.kind else { return true }
        guard let index = scenario.steps.firstIndex(of: step), index + 1 < scenario.steps.count else { return false }
        if case .undefined = scenario.steps[index + 1].kind { return true }
        return false
    }

    /// For every view of the new render, whether its identity was in the previous render, asked of
    /// Z3's ground encoding and compared with the semantics' outcome. Returns a disagreement, if any.
    ///
    /// Z3 simplifies each identity to a value once (constructors and literals, so equal values are
    /// equal identities and distinct values distinct ones); the previous render's values are then
    /// looked up in a set, which keeps the check linear in the number of views, not quadratic.
    /// Also checks that Z3 gives two views of the render one identity exactly where the semantics
    /// does (`Collisions`).
    private func confirm(_ report: RenderReport, previous: [ViewPath], ground: GroundIdentity, count: inout Int) -> String? {
        let previousIdentities = Set(previous.map(\.identity))
        var collisions = Collisions()
        do {
            let previousValues = Set(try previous.map { try ground.value(of: $0, generation: report.generation - 1) })
            for view in report.views {
                let value = try ground.value(of: view.path, generation: report.generation)
                let semantics = previousIdentities.contains(view.path.identity)
                let z3 = previousValues.contains(value)
                count += 1
                if z3 != semantics {
                    return "\(view.path.label ?? view.path.description): semantics says \(semantics ? "same" : "new") identity, Z3 \(z3 ? "same" : "new")"
                }
                if let disagreement = collisions.add(view.path, value: value) { return disagreement }
            }
        } catch EncodingError.notLocal {
            return nil
        } catch {
            return "\(error)"
        }
        return nil
    }

    /// For the views of an undefined render, whether two share an identity, asked of Z3's ground
    /// encoding and compared with the semantics (a duplicated `ForEach` key gives two rows one
    /// identity). Returns a disagreement, if any.
    private func confirmCollisions(_ paths: [ViewPath], generation: Int, ground: GroundIdentity, count: inout Int) -> String? {
        var collisions = Collisions()
        do {
            for path in paths {
                count += 1
                if let disagreement = collisions.add(path, value: try ground.value(of: path, generation: generation)) { return disagreement }
            }
        } catch EncodingError.notLocal {
            return nil
        } catch {
            return "\(error)"
        }
        return nil
    }

    /// The views of one render seen so far, by identity and by Z3's value of it: a view must share
    /// its identity with the same earlier view in both (or with none).
    private struct Collisions {
        private var bySemantics: [Identity: ViewPath] = [:]
        private var byZ3: [String: ViewPath] = [:]

        /// Adds `path`, whose identity Z3 gives as `value`; a disagreement with the views before, if any.
        mutating func add(_ path: ViewPath, value: String) -> String? {
            let semantics = bySemantics[path.identity]
            let z3 = byZ3[value]
            if semantics?.identity != z3?.identity {
                let shares = { (other: ViewPath?) in other.map { "the identity of \(Self.name($0))" } ?? "an identity of its own" }
                return "\(Self.name(path)): semantics says \(shares(semantics)), Z3 \(shares(z3))"
            }
            bySemantics[path.identity] = semantics ?? path
            byZ3[value] = z3 ?? path
            return nil
        }

        static func name(_ path: ViewPath) -> String { path.label ?? path.description }
    }

}
