import Dispatch
import Encoding
import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import ModelChecker
import Scenarios

/// Runs lemma files end to end: load and check them, discharge the reduction obligations of every
/// rule set in use, then prove each lemma on both routes and run each scenario, in parallel.
package struct Verifier: Sendable {
    /// The version of verify-lemmas, recorded in every report's coverage.
    package static let toolVersion = "0.1.0"

    package var options: VerifierOptions
    /// The invalidation checker's observed views, shared by this verifier's lemmas and gone with it.
    let observedDomain = ObservedDomain()
    /// This verifier's runs stop when it is cancelled: the front end before its next file or item,
    /// the checker's walks before their next program, Z3 at once (every session gets it through
    /// `budget`); the items not decided are `unknown (interrupted)`.
    package let cancellation: Cancellation

    /// A verifier with `options`, stopped by `cancellation` (default: one of its own).
    package init(options: VerifierOptions, cancellation: Cancellation = Cancellation()) {
        self.options = options
        self.cancellation = cancellation
    }

    /// A loader of every named rule set, whose imports stay inside the lemma root of `paths`, that
    /// stops when this verifier is cancelled.
    func loader(for paths: [URL]) -> LemmaLoader {
        var loader = LemmaLoader(root: LemmaLoader.root(of: paths))
        loader.isCancelled = { [cancellation] in cancellation.isCancelled }
        return loader
    }

    /// The options' budget for every solver check, carrying this verifier's cancellation.
    var budget: SolverBudget {
        var budget = options.budget
        budget.cancellation = cancellation
        return budget
    }

    /// Checks every `.lemma` file in `paths` (files or folders).
    package func run(paths: [URL]) -> RunReport {
        let start = DispatchTime.now()
        let loader = loader(for: paths)
        var files: [URL] = []
        var unreadable: [InputProblem] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) {
                files += isDirectory.boolValue ? LemmaLoader.lemmaFiles(in: path) : [path]
            } else {
                unreadable.append(InputProblem(
                    id: DiagnosticID.unreadableFile.rawValue, message: "no such file or folder", file: path.path, line: nil, column: nil))
            }
        }
        let loaded = loader.load(files: files)
        if cancellation.isCancelled { return interruptedReport(since: start) }
        var items: [WorkItem] = []
        // Dealt to shards in the order of the files' paths, not of the command line: the input
        // digest is of the files in any order, so shards of `a b` and of `b a` merge as one run.
        for file in loaded.files.sorted(by: { Self.displayPath($0.path) < Self.displayPath($1.path) }) {
            let name = Self.displayPath(file.path)
            items += file.lemmas.map { .lemma($0, file: name) }
            items += file.scenarios.map { .scenario($0, file: name) }
        }
        if let filter = options.filter {
            let matching = items.filter { $0.name.contains(filter) }
            items = options.filterRunsUsedLemmas ? Self.withUsedLemmas(matching, from: items) : matching
        }
        let matched = !items.isEmpty
        // An invalidation mutant changes only the items that read invalidation rules; with an
        // identity mutant beside it (a rule-set file's), every item is under a mutant.
        if let mutation = options.invalidationMutation, options.mutation == nil {
            items = items.filter(\.readsInvalidationRules)
            if matched, items.isEmpty, !options.allowsEmpty {
                unreadable.append(InputProblem(
                    id: DiagnosticID.nothingToCheck.rawValue,
                    message: "the invalidation mutant \(mutation.rawValue) applies to nothing: no item of the run reads invalidation rules",
                    file: nil, line: nil, column: nil))
            }
        }
        items = options.shard.select(items, groups: Self.useGroups(items))
        let illFormed = options.shard.index > 1 ? [] : loaded.files.flatMap { file in
            file.illFormed.filter { options.filter.map($0.name.contains) ?? true }.map { item in
                LemmaReport(
                    name: item.name, kind: item.kind == .lemma ? .lemma : .scenario, file: Self.displayPath(file.path),
                    line: item.range.start.line, column: item.range.start.column, summary: nil, sources: [], rules: "",
                    expected: item.expectation, outcome: .error(.illFormed), seconds: 0,
                    message: item.diagnostics.map { $0.headline(fileNameOnly: false) }.joined(separator: "\n"))
            }
        }
        if !matched, illFormed.isEmpty, unreadable.isEmpty, !loaded.hasErrors, !options.allowsEmpty {
            let what = options.filter.map { "no lemma or scenario matches --filter '\($0)'" }
                ?? "no lemma or scenario in \(paths.map(\.path).joined(separator: ", ")) (files ending in .lemma)"
            unreadable.append(InputProblem(id: DiagnosticID.nothingToCheck.rawValue, message: "\(what): nothing to check", file: nil, line: nil, column: nil))
        }
        let schedule = RunSchedule(verifier: self, items: items).run()
        if cancellation.isCancelled { return interruptedReport(since: start) }
        let reports = schedule.reports
        let reductions = schedule.reductions
        let locality = schedule.locality
        // Each step below takes seconds for 100,000 diagnostics in a debug build: a cancelled run
        // stops between them (and the digest every megabyte).
        guard let lemmas = unlessCancelled({ explainedOrNot(illFormed + reports).sorted { ($0.file, $0.line) < ($1.file, $1.line) } }),
            let diagnostics = unlessCancelled({ unreadable.map(\.description) + loaded.diagnostics.map(\.description) }),
            let problems = unlessCancelled({
                unreadable + loaded.diagnostics.map {
                    InputProblem(
                        id: $0.id.rawValue, severity: $0.severity.rawValue, message: $0.message, file: Self.displayPath($0.location.file),
                        line: $0.location.line, column: $0.location.column)
                }
            }),
            let inputs = RunCoverage.Inputs(
                files: loaded.sources.map { (path: Self.displayPath($0.path), contents: Data($0.bytes)) },
                isCancelled: { cancellation.isCancelled })
        else { return interruptedReport(since: start) }
        var report = RunReport(
            z3Version: SolverSession.z3Version, ruleSet: options.rulesName, lemmas: lemmas,
            diagnostics: diagnostics, problems: problems, hasInputErrors: !unreadable.isEmpty || loaded.hasErrors,
            reductions: reductions.values.sorted { $0.rules.name < $1.rules.name },
            seconds: Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9,
            coverage: RunCoverage(
                options: options, ruleSets: reports.flatMap { $0.rules.components(separatedBy: ", ") }.filter { !$0.isEmpty },
                inputs: inputs))
        report.invalidationLocality = locality.values.sorted { $0.rules.name < $1.rules.name }
        report.interrupted = cancellation.isCancelled
        return report
    }

    /// `body`'s value, or nil without running it once this verifier is cancelled.
    private func unlessCancelled<T>(_ body: () -> T) -> T? {
        cancellation.isCancelled ? nil : body()
    }

    /// The report of a run cancelled before its report was made: nothing of it is reported or
    /// digested (the load may be partial, and a digest of many large files would delay the exit).
    private func interruptedReport(since start: DispatchTime) -> RunReport {
        var report = RunReport(
            z3Version: SolverSession.z3Version, ruleSet: options.rules?.name ?? "per lemma", lemmas: [], diagnostics: [],
            hasInputErrors: false, reductions: [],
            seconds: Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9,
            coverage: RunCoverage(options: options, ruleSets: [], inputs: RunCoverage.Inputs(files: [])))
        report.interrupted = true
        return report
    }

    /// The report of an item the run did not get to because it was cancelled.
    func interrupted(_ item: WorkItem) -> LemmaReport {
        let (kind, file, range, expectation): (LemmaReport.Kind, String, LemmaLanguage.SourceRange, Expectation)
        switch item {
        case .lemma(let lemma, let name): (kind, file, range, expectation) = (.lemma, name, lemma.range, lemma.expectation)
        case .scenario(let scenario, let name): (kind, file, range, expectation) = (.scenario, name, scenario.range, scenario.expectation)
        }
        return LemmaReport(
            name: item.name, kind: kind, file: file, line: range.start.line, column: range.start.column, summary: nil,
            sources: [], rules: item.rulesName, expected: expectation, outcome: .unknown(reason: .solver(SolverSession.cancellationReason)),
            seconds: 0, message: "the run was interrupted before this item")
    }

    /// The group number of each item for `Shard.select`: a lemma is in one group with every lemma
    /// among `items` it `use`s, transitively, so a shard judges every lemma its items rest on (a
    /// used lemma in another shard left the user `unknown`); groups are numbered in the order
    /// they first appear, and an item that uses and is used by nothing is a group of its own.
    static func useGroups(_ items: [WorkItem]) -> [Int] {
        var parent = Array(items.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        var index: [String: Int] = [:]
        for (i, item) in items.enumerated() { index[item.name] = index[item.name] ?? i }
        for (i, item) in items.enumerated() {
            guard case .lemma(let lemma, _) = item else { continue }
            for name in lemma.uses { if let used = index[name] { parent[root(i)] = root(used) } }
        }
        var numbers: [Int: Int] = [:]
        return items.indices.map { i in
            let r = root(i)
            if let known = numbers[r] { return known }
            let number = numbers.count
            numbers[r] = number
            return number
        }
    }

    /// `items` and every lemma of `all` they `use`, transitively, in `all`'s order.
    static func withUsedLemmas(_ items: [WorkItem], from all: [WorkItem]) -> [WorkItem] {
        var lemmas: [String: CheckedLemma] = [:]
        for case .lemma(let lemma, _) in all { lemmas[lemma.name] = lemma }
        var wanted = Set(items.map(\.name))
        var pending = items.compactMap { item -> CheckedLemma? in
            if case .lemma(let lemma, _) = item { return lemma } else { return nil }
        }
        while let lemma = pending.popLast() {
            for name in lemma.uses where wanted.insert(name).inserted {
                if let used = lemmas[name] { pending.append(used) }
            }
        }
        return all.filter { wanted.contains($0.name) }
    }

    enum WorkItem: Sendable {
        case lemma(CheckedLemma, file: String)
        case scenario(CheckedScenario, file: String)

        var name: String {
            switch self {
            case .lemma(let lemma, _): return lemma.name
            case .scenario(let scenario, _): return scenario.name
            }
        }

        /// Whether the item's verdict depends on the invalidation rules (I1–I12).
        var readsInvalidationRules: Bool {
            switch self {
            case .scenario(let scenario, _): return scenario.invalidation != nil
            case .lemma(let lemma, _): return lemma.invalidation != nil
            }
        }

        var rulesName: String {
            switch self {
            case .lemma(let lemma, _): return lemma.ruleSet.name
            case .scenario(let scenario, _): return scenario.ruleSet.name
            }
        }
    }

    /// The identity rules an item whose own are `own` runs under: the run's `--rules`, else its
    /// own, with the run's mutant applied.
    func rules(for own: RuleSet) -> RuleSet {
        let base = options.rules ?? own
        return options.mutation.map(base.mutated) ?? base
    }

    // MARK: Lemmas

    /// An identity lemma compiled for its routes.
    struct PreparedLemma: Sendable {
        var lemma: CheckedLemma
        var file: String
        var ruleSet: RuleSet
        var spec: LemmaSpec
        var checkerBound: Bound
    }

    /// `lemma` compiled under its rule set, with the bound of its cross-check; `nil` for an
    /// invalidation lemma.
    func prepare(_ lemma: CheckedLemma, file: String) -> PreparedLemma? {
        let ruleSet = rules(for: lemma.ruleSet)
        guard let spec = LemmaCompiler.compile(lemma, rules: ruleSet) else { return nil }
        return PreparedLemma(lemma: lemma, file: file, ruleSet: ruleSet, spec: spec, checkerBound: checkerBound(for: spec))
    }

    /// The unbounded route of a prepared lemma.
    func solverRoute(_ prepared: PreparedLemma) -> SolverResult {
        SolverRoute(budget: budget).run(
            prepared.spec, exportScript: options.exportScripts, inductionSteps: SolverRoute.inductionSteps)
    }

    /// The verdict of an identity lemma from its two routes and its rule set's reduction, with the
    /// vacuity witness and the explanation the run asks for. `seconds` are the routes' share.
    func judge(
        _ prepared: PreparedLemma, solver: SolverResult, checker: BoundedResult, witnessWalk: BoundedResult?,
        reduction: ReductionStatus?, seconds: Double
    ) -> LemmaReport {
        let (lemma, spec, checkerBound) = (prepared.lemma, prepared.spec, prepared.checkerBound)
        let fragment = Fragment(spec)
        let verdict = Judgement(
            solver: solver, checker: checker, checkerBound: checkerBound, fragment: fragment, reduction: reduction)
        return report(
            of: lemma, file: prepared.file, rules: prepared.ruleSet.name, verdict: verdict, solver: solver,
            obligations: reduction?.results.map(\.obligation.id), seconds: seconds
        ) { report in
            if options.checksVacuity, report.verdict == .proved, !spec.assumptions.isEmpty {
                witnessAssumptions(
                    of: spec, checkerBound: checkerBound, walked: witnessWalk, reduction: reduction, fragment: fragment, into: &report)
            }
            if options.explains {
                let explainer = Explainer(budget: budget) { outcome(ofVariant: $0, reduction: reduction) }
                report.explanation = explainer.explain(lemma, spec: spec, file: prepared.file, outcome: report.outcome, reduction: reduction)
            }
        }
    }

    /// The checker's threads per lemma: the cores left to each of the run's jobs.
    var checkerWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, options.jobs)) }

    /// Vacuity: shows the assumptions of a proved lemma satisfiable by trees on which they all hold
    /// (the checker's, from `walked` when the run's walk already looked, or a replayed Z3 model).
    /// Assumptions Z3 proves unsatisfiable at the path level, where the reduction holds, make the
    /// lemma `vacuous`; when neither is shown, `unknown`.
    private func witnessAssumptions(
        of spec: LemmaSpec, checkerBound: Bound, walked: BoundedResult?, reduction: ReductionStatus?, fragment: Fragment,
        into report: inout LemmaReport
    ) {
        let (found, solver) = witness(of: spec, checkerBound: checkerBound, walked: walked)
        WitnessSearch.record(
            found, solver: solver, unbounded: Judgement.shortfall(obligations: reduction, premise: Judgement.premise(fragment)) == nil,
            vacuity: "z3 proves at the path level that no paths satisfy the assumptions together", thing: "tree", into: &report)
    }

    /// The lemma whose counterexamples are trees on which all of `spec`'s assumptions hold.
    static func witnessSpec(of spec: LemmaSpec) -> LemmaSpec {
        var witnessSpec = spec
        witnessSpec.name = "\(spec.name).assumptions"
        witnessSpec.assumptions = []
        witnessSpec.conclusion = .not(.and(spec.assumptions))
        witnessSpec.expectation = .refuted
        return witnessSpec
    }

    /// Trees on which all of `spec`'s assumptions hold, replayed, with Z3's answer when Z3 was
    /// asked (`WitnessSearch.run`); `walked`: the checker's result when the run's walk already looked.
    func witness(
        of spec: LemmaSpec, checkerBound: Bound, walked: BoundedResult? = nil, solverFirst: Bool = false
    ) -> (Counterexample?, SolverResult?) {
        let witnessSpec = Self.witnessSpec(of: spec)
        return WitnessSearch.run(
            solverFirst: solverFirst,
            checker: {
                var route = BoundedRoute(workers: checkerWorkers)
                route.isCancelled = { cancellation.isCancelled }
                let checked = walked ?? route.run(witnessSpec, bound: checkerBound)
                if cancellation.isCancelled { return nil }
                if case .refuted(let witness) = checked.answer { return witness }
                return nil
            },
            solver: { SolverRoute(budget: budget).run(witnessSpec) })
    }

    /// How far the explicit-state cross-check enumerates `spec`: the configured bound. Over more than
    /// two renders the cases grow as the renders per program to that power: such lemmas are
    /// cross-checked on spine programs of branching 1. Renders of any programs pair every render
    /// with every other (about 12 million pairs at depth 3): such lemmas are cross-checked at depth 2.
    func checkerBound(for spec: LemmaSpec) -> Bound { Self.checkerBound(for: spec, configured: options.checkerBound) }

    /// The bound the cross-check of `spec` uses when `configured` is the run's.
    package static func checkerBound(for spec: LemmaSpec, configured: Bound) -> Bound {
        if spec.renders.count > 2 { return Bound(depth: configured.depth, branching: 1) }
        if spec.anyProgram { return Bound(depth: min(2, configured.depth), branching: configured.branching) }
        return configured
    }

    // MARK: Scenarios

    func check(_ scenario: CheckedScenario, file: String) -> LemmaReport {
        let start = DispatchTime.now()
        let ruleSet = rules(for: scenario.ruleSet)
        let run = ScenarioRunner(
            rules: ruleSet, file: file, invalidationRules: options.invalidationRules,
            invalidationMutation: options.invalidationMutation, groundBudget: budget
        ).run(scenario)
        var rulesName = ruleSet.name
        if let invalidation = scenario.invalidation { rulesName += ", invalidation " + invalidationRules(for: invalidation).name }
        var report = LemmaReport(
            name: scenario.name, kind: .scenario, file: file, line: scenario.range.start.line,
            column: scenario.range.start.column, summary: scenario.summary, sources: scenario.sources.map(\.description),
            rules: rulesName, expected: scenario.expectation, outcome: .proved(nil), seconds: 0, message: "")
        report.refutedBy = scenario.refutedBy
        if let error = run.error {
            report.outcome = .error(error)
            report.message = ReasonText.sentence(error)
        } else if let unknown = run.unknown {
            report.outcome = .unknown(reason: unknown)
            report.message = ReasonText.sentence(unknown)
        } else if run.failures.isEmpty {
            report.groundCheck = run.groundCheck
            report.message = "\(run.passed) checks passed; " + ReasonText.sentence(run.groundCheck, rules: ruleSet.name)
        } else {
            report.failedChecks = run.failures
            report.message = run.failures.map(\.description).joined(separator: "\n")
            // The views the failed checks name, as the failing render left them.
            let bound = run.failingRender.map { render in
                run.failingLabels.compactMap { label in
                    run.held[render].first { $0.label == label }.map { BoundView(label: label, render: render, state: $0) }
                }
            } ?? []
            let (differingElement, difference) = Counterexample.difference(bound)
            report.outcome = .refuted(Counterexample(
                renders: run.renders.enumerated().map { ("render \($0.offset + 1)", $0.element) }, trees: run.trees,
                firstDifference: difference, trace: run.trace, paths: [], origin: .scenario, held: run.held, bound: bound,
                failure: run.failingRender.map { FailurePoint(render: $0, reason: run.failures.map(\.description).joined(separator: "; ")) },
                differingElement: differingElement, events: run.events, failedChecks: run.failures, viewTrees: run.viewTrees,
                verdicts: run.verdicts))
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return report
    }

    // MARK: Helpers

    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}
