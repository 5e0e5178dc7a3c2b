import LemmaLogic
import Z3Kit

extension PathLevelQuery {
    /// What explain mode answered for a lemma's query.
    package enum ExplainAnswer: Sendable {
        /// Unsat, with the core.
        case core(UnsatCore)
        /// No core: the tracked query is satisfiable.
        case satisfiable
        /// No core: Z3 stopped before it showed the tracked query unsat.
        case noCore(SolverStop)
    }

    /// Why `lemma` is proved: its query in a session of its own, each `ExplainItem` asserted
    /// behind a fresh Boolean literal and the literals passed to the check as assumptions, so Z3's
    /// unsat core names the items the proof needs; then one pass of deletion-based minimisation
    /// (each item in `ExplainItem` order is left out and the rest checked again within
    /// `minimisationBudget`: unsat drops it and whatever that core also leaves out, sat shows it
    /// necessary, unknown keeps it). With `eachPathAtMost`, every path has at most that many steps
    /// (the scope of a bounded proof); with `contentTypes`, the query that also says what AnyView's
    /// erased type is. The normal query is never touched: this is a second query.
    package static func explainProof(
        lemma: LemmaSpec, budget: SolverBudget, minimisationBudget: SolverBudget, eachPathAtMost steps: Int? = nil,
        contentTypes: Bool = false
    ) throws -> ExplainAnswer {
        let session = try SolverSession(budget: budget)
        let encoder = try LemmaEncoder(lemma: lemma, context: session.context, contentTypes: contentTypes)
        let context = session.context
        var literals: [ExplainItem: Z3Term] = [:]
        var items: [ExplainItem: UInt32] = [:]
        for (number, (item, terms)) in try encoder.explainItems().enumerated() {
            let literal = context.const("?explain.\(number)", context.boolSort)
            session.assert(literal.implies(context.and(terms)))
            literals[item] = literal
            items[item] = literal.astID
        }
        if let steps {
            for path in encoder.paths { session.assert(path.length.le(context.int(steps))) }
        }
        let byLiteral = Dictionary(uniqueKeysWithValues: items.map { ($0.value, $0.key) })
        let tracked = literals.keys.sorted()
        var checks = 0
        var resources = 0
        func check(_ subset: [ExplainItem], budget: SolverBudget) throws -> SolverSession.Answer {
            let answer = try session.check(assumptions: subset.compactMap { literals[$0] }, budget: budget)
            checks += 1
            resources += session.lastResourceCount ?? 0
            return answer
        }
        func core() -> [ExplainItem] { session.lastUnsatCore.compactMap { byLiteral[$0.astID] }.sorted() }

        switch try check(tracked, budget: budget) {
        case .sat: return .satisfiable
        case .unknown(let reason): return .noCore(reason)
        case .unsat: break
        }
        var current = core()
        var necessity: [ExplainItem: UnsatCore.Necessity] = [:]
        for item in current where current.contains(item) {
            switch try check(current.filter { $0 != item }, budget: minimisationBudget) {
            case .unsat: current = core()
            case .sat: necessity[item] = .necessary
            case .unknown(let reason): necessity[item] = .notShown("z3: \(reason)")
            }
        }
        return .core(UnsatCore(
            entries: current.map { UnsatCore.Entry(item: $0, necessity: necessity[$0] ?? .notShown("not checked")) },
            tracked: tracked, checks: checks, resourceCount: resources))
    }
}
