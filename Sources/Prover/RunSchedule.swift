import Dispatch
import Encoding
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import ModelChecker

/// How a run spreads its work over the verifier's jobs: first every task that does not depend on
/// another, longest first (the checker's walks, the obligations every unbounded verdict rests on,
/// each lemma's solver route, each scenario), then each lemma's verdict from what they found.
///
/// Identity lemmas whose cases are the same (`BoundedRoute.CaseKey`) share one walk of the
/// checker, which computes the states along the cases once for all of them; each lemma's result is
/// the one a walk of it alone gives. Nothing waits on anything in the first phase, so no job idles
/// while another computes a reduction.
struct RunSchedule {
    let verifier: Verifier
    let items: [Verifier.WorkItem]

    /// The reports in the items' order, and the obligations that were discharged.
    struct Output {
        var reports: [LemmaReport]
        var reductions: [String: ReductionStatus]
        var locality: [String: InvalidationLocalityStatus]
    }

    /// Work with no dependency, for the first phase.
    private enum Task: Sendable {
        /// The reduction obligations of rule sets that differ in name only, discharged once for all.
        case reduction([RuleSet])
        /// The checker's domain of views an invalidation lemma reads, observed before any lemma asks
        /// for it, so that no job waits on another's observation.
        case domain(InvalidationLemmaSpec)
        /// Locality obligations of one rule set, discharged together where they share premises
        /// (`root` and `child`, `InvalidationLocality.discharge(_:)`).
        case locality(InvalidationRules, [InvalidationObligation])
        /// The checks that share one walk of the checker within `bound`, with the lemmas they check.
        case walk([WalkMember], [LemmaSpec], bound: Bound)
        case solver(Int)
        case invalidation(Int)
        case scenario(Int)
    }

    /// A check of a shared walk: an identity lemma (by item index), or the search for trees on
    /// which all its assumptions hold (its vacuity witness; Z3 is asked only when this finds none).
    private enum WalkMember: Hashable, Sendable {
        case lemma(Int)
        case witness(Int)
    }

    /// What a task found.
    private enum Found: Sendable {
        case reduction([ReductionStatus])
        case observed
        case locality(InvalidationRules, [InvalidationObligation], Result<[InvalidationObligationResult], FailedObligation>)
        case walk([WalkMember], [BoundedResult], seconds: Double)
        case solver(Int, SolverResult, seconds: Double)
        case invalidation(Int, SolverResult, InvalidationBoundedRoute.Result, seconds: Double)
        case scenario(Int, LemmaReport)
        case interrupted
    }

    /// What the first phase found, for the verdicts.
    private struct Judged: Sendable {
        var reductions: [String: ReductionStatus]
        var locality: [String: InvalidationLocalityStatus]
        var checkers: [WalkMember: (BoundedResult, seconds: Double)]
        var solvers: [Int: (SolverResult, seconds: Double)]
        var invalidations: [Int: (SolverResult, InvalidationBoundedRoute.Result, seconds: Double)]
        var scenarios: [Int: LemmaReport]
    }

    /// An obligation Z3 could not be asked (the encoding threw).
    private struct FailedObligation: Error, Sendable {
        var description: String
    }

    /// The lemmas as the routes read them, by item index.
    private enum Prepared: Sendable {
        case identity(Verifier.PreparedLemma)
        case invalidation(CheckedLemma, InvalidationLemmaSpec, file: String)
    }

    func run() -> Output {
        var prepared: [Int: Prepared] = [:]
        for (index, item) in items.enumerated() {
            guard case .lemma(let lemma, let file) = item else { continue }
            switch lemma.statement {
            case .invalidation(let invalidation):
                prepared[index] = .invalidation(lemma, verifier.invalidationSpec(lemma, invalidation), file: file)
            case .identity:
                prepared[index] = verifier.prepare(lemma, file: file).map(Prepared.identity)
            }
        }
        let lemmas = prepared
        let planned = tasks(lemmas)
        let progress = verifier.options.progress
        // Then each item's verdict (with --explain, its explanation's own runs).
        progress?.plan(total: planned.count + items.count)
        let found = WorkerPool.map(planned, workers: verifier.options.jobs) { task in
            progress?.started(name(of: task))
            defer { progress?.finished() }
            return perform(task, lemmas)
        }

        var reductions: [String: ReductionStatus] = [:]
        var obligations: [String: (InvalidationRules, [InvalidationObligation: Result<InvalidationObligationResult, FailedObligation>])] = [:]
        var checkers: [WalkMember: (BoundedResult, seconds: Double)] = [:]
        var solvers: [Int: (SolverResult, seconds: Double)] = [:]
        var invalidations: [Int: (SolverResult, InvalidationBoundedRoute.Result, seconds: Double)] = [:]
        var scenarios: [Int: LemmaReport] = [:]
        for result in found {
            switch result {
            case .reduction(let statuses):
                for status in statuses { reductions[status.rules.name] = status }
            case .observed: break
            case .locality(let rules, let discharged, let results):
                for (index, obligation) in discharged.enumerated() {
                    obligations[rules.name, default: (rules, [:])].1[obligation] = results.map { $0[index] }
                }
            case .walk(let members, let results, let seconds):
                for (index, result) in zip(members, results) { checkers[index] = (result, seconds / Double(members.count)) }
            case .solver(let index, let result, let seconds): solvers[index] = (result, seconds)
            case .invalidation(let index, let solver, let checker, let seconds): invalidations[index] = (solver, checker, seconds)
            case .scenario(let index, let report): scenarios[index] = report
            case .interrupted: break
            }
        }
        let locality = obligations.mapValues { rules, results in Self.status(rules, results) }
        let judged = Judged(
            reductions: reductions, locality: locality, checkers: checkers, solvers: solvers, invalidations: invalidations,
            scenarios: scenarios)
        let reports = WorkerPool.map(Array(items.indices), workers: verifier.options.jobs) { index -> LemmaReport in
            let item = items[index]
            progress?.started("verdict of \(item.name)")
            defer { progress?.finished() }
            if let report = judged.scenarios[index] { return report }
            switch lemmas[index] {
            case .identity(let lemma):
                guard let (solver, solverSeconds) = judged.solvers[index],
                    let (checker, checkerSeconds) = judged.checkers[.lemma(index)], !verifier.cancellation.isCancelled
                else { return verifier.interrupted(item) }
                let witness = judged.checkers[.witness(index)]
                return verifier.judge(
                    lemma, solver: solver, checker: checker, witnessWalk: witness?.0,
                    reduction: judged.reductions[lemma.ruleSet.name], seconds: solverSeconds + checkerSeconds + (witness?.seconds ?? 0))
            case .invalidation(let lemma, let spec, let file):
                guard let (solver, checker, seconds) = judged.invalidations[index], !verifier.cancellation.isCancelled
                else { return verifier.interrupted(item) }
                return verifier.judgeInvalidation(
                    lemma, spec: spec, file: file, solver: solver, checker: checker, locality: judged.locality[spec.rules.name],
                    seconds: seconds)
            case nil:
                return verifier.interrupted(item)
            }
        }
        return Output(reports: UsedLemmas.judge(reports, items: items), reductions: reductions, locality: locality)
    }

    /// Every task of the first phase, longest first (by a rough estimate: only the order matters).
    private func tasks(_ prepared: [Int: Prepared]) -> [Task] {
        var ruleSets: [String: RuleSet] = [:]
        var invalidationRules: [String: InvalidationRules] = [:]
        var domains: [InvalidationBoundedRoute.DomainKey: InvalidationLemmaSpec] = [:]
        var walks: [BoundedRoute.CaseKey: (members: [WalkMember], specs: [LemmaSpec], bound: Bound)] = [:]
        var walkOrder: [BoundedRoute.CaseKey] = []
        var tasks: [(task: Task, cost: Double)] = []
        let route = BoundedRoute()
        // A one-view domain read by one lemma is observed by that lemma's task (as long as a domain's),
        // chunk by chunk, so that a refutation leaves the chunks after its counterexample unobserved.
        var readers: [InvalidationBoundedRoute.DomainKey: Int] = [:]
        for case .invalidation(_, let spec, _) in prepared.values {
            if let key = InvalidationBoundedRoute.domainKey(of: spec) { readers[key, default: 0] += 1 }
        }
        for index in items.indices {
            switch prepared[index] {
            case .identity(let lemma):
                ruleSets[lemma.ruleSet.name] = lemma.ruleSet
                var checks = [(WalkMember.lemma(index), lemma.spec)]
                if verifier.options.checksVacuity, !lemma.spec.assumptions.isEmpty {
                    checks.append((.witness(index), Verifier.witnessSpec(of: lemma.spec)))
                }
                for (member, spec) in checks {
                    let key = route.caseKey(of: spec, bound: lemma.checkerBound)
                    if walks[key] == nil { walkOrder.append(key) }
                    walks[key, default: ([], [], lemma.checkerBound)].members.append(member)
                    walks[key]?.specs.append(spec)
                }
                tasks.append((.solver(index), lemma.lemma.expectation == .holds ? 1 : 2))
            case .invalidation(_, let spec, _):
                invalidationRules[spec.rules.name] = spec.rules
                let key = InvalidationBoundedRoute.domainKey(of: spec)
                if let key, key.chain == nil, readers[key] == 1 {
                    tasks.append((.invalidation(index), 100))
                    continue
                }
                if let key, domains[key] == nil {
                    domains[key] = spec
                    tasks.append((.domain(spec), 100))
                }
                tasks.append((.invalidation(index), 2))
            case nil:
                tasks.append((.scenario(index), 0.5))
            }
        }
        for key in walkOrder {
            guard let walk = walks[key] else { continue }
            let perCase = (key.readsState ? 1.5 : 1) * (key.keepsSnapshots ? 3 : 1) * Double(key.renderCount - 1)
            tasks.append((.walk(walk.members, walk.specs, bound: walk.bound), perCase * Double(walk.members.count + 2)))
        }
        let sameRules = Dictionary(grouping: ruleSets.values.sorted { $0.name < $1.name }, by: \.unnamed)
        for group in sameRules.values.sorted(by: { $0[0].name < $1[0].name }) { tasks.append((.reduction(group), 8)) }
        for rules in invalidationRules.values.sorted(by: { $0.name < $1.name }) {
            // `child` first: it checks the premises it shares with `root` (its goal is the costlier).
            tasks.append((.locality(rules, [.child, .root]), 8))
            tasks.append((.locality(rules, [.siblings]), 8))
        }
        // A stable sort: equal estimates keep the items' order.
        return tasks.enumerated().sorted { ($0.element.cost, -$0.offset) > ($1.element.cost, -$1.offset) }.map(\.element.task)
    }

    /// What a progress display calls `task`.
    private func name(of task: Task) -> String {
        switch task {
        case .reduction(let rules): return "reduction obligations under " + rules.map(\.name).joined(separator: " and ")
        case .domain(let spec): return "the checker's views under invalidation \(spec.rules.name)"
        case .locality(let rules, let obligations):
            return "locality obligations " + obligations.map(\.rawValue).joined(separator: " and ") + " under \(rules.name)"
        case .walk(let members, _, _):
            let lemmas = Set(members.map { member in
                switch member {
                case .lemma(let index), .witness(let index): return items[index].name
                }
            }).sorted()
            return "checker walk of " + (lemmas.first ?? "") + (lemmas.count > 1 ? " and \(lemmas.count - 1) more" : "")
        case .solver(let index), .invalidation(let index), .scenario(let index): return items[index].name
        }
    }

    private func perform(_ task: Task, _ prepared: [Int: Prepared]) -> Found {
        if verifier.cancellation.isCancelled { return .interrupted }
        let start = DispatchTime.now()
        func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        switch task {
        case .reduction(let rules):
            // The obligations read the rules, not their name: each set's status is the first's, renamed.
            let status = ReductionStatus.discharge(rules[0], budget: verifier.budget, exportsScripts: verifier.options.exportScripts)
            return .reduction(rules.map(status.renamed))
        case .domain(let spec):
            InvalidationBoundedRoute(domain: verifier.observedDomain).observe(for: spec)
            return .observed
        case .locality(let rules, let obligations):
            do {
                let locality = InvalidationLocality(
                    rules: rules, budget: verifier.budget, exportsScripts: verifier.options.exportScripts)
                return .locality(rules, obligations, .success(try locality.discharge(obligations)))
            } catch {
                return .locality(rules, obligations, .failure(FailedObligation(description: "\(error)")))
            }
        case .walk(let members, let specs, let bound):
            var route = BoundedRoute(workers: verifier.checkerWorkers)
            // A walk holds many lemmas: an interrupt stops it, and its unfinished results are dropped.
            route.isCancelled = { verifier.cancellation.isCancelled }
            route.budget = verifier.options.walkBudget
            let results = route.run(specs, bound: bound)
            if verifier.cancellation.isCancelled { return .interrupted }
            return .walk(members, results, seconds: seconds())
        case .solver(let index):
            guard case .identity(let lemma) = prepared[index] else { return .interrupted }
            return .solver(index, verifier.solverRoute(lemma), seconds: seconds())
        case .invalidation(let index):
            guard case .invalidation(_, let spec, _) = prepared[index] else { return .interrupted }
            let (solver, checker) = verifier.invalidationRoutes(spec)
            return .invalidation(index, solver, checker, seconds: seconds())
        case .scenario(let index):
            guard case .scenario(let scenario, let file) = items[index] else { return .interrupted }
            return .scenario(index, verifier.check(scenario, file: file))
        }
    }

    /// The locality status of `rules` from its obligations' results, in the obligations' order.
    private static func status(
        _ rules: InvalidationRules, _ results: [InvalidationObligation: Result<InvalidationObligationResult, FailedObligation>]
    ) -> InvalidationLocalityStatus {
        var status = InvalidationLocalityStatus(rules: rules, results: [], error: nil)
        for obligation in InvalidationObligation.allCases {
            switch results[obligation] {
            case .success(let result): status.results.append(result)
            case .failure(let failure): status.error = failure.description
            case nil: status.error = SolverSession.cancellationReason.description
            }
        }
        if status.error != nil { status.results = [] }
        return status
    }
}
