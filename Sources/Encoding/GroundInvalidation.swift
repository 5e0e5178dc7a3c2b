import IdentityModel
import Invalidation
import Z3Kit

/// The second route for invalidation scenarios: two consecutive concrete view trees as ground Z3
/// facts (`GroundViewTerms`: every view's identity elements from the identity rules' Z3 encoding,
/// its label, stored properties, `==`, `.equatable()`, `@State`, own state and dependency changes),
/// I1–I11 as Z3 constraints over them (`GroundInvalidation+Rules.swift`), and each view's verdict
/// and reason read from a model and then proved to be the only one: the facts with any other
/// verdict for any view are unsat. Written from docs/invalidation.md, not from `BodyEvaluator`,
/// whose answers the scenario run compares with these.
package final class GroundInvalidation {
    /// What Z3 answered for a render.
    package enum Answer: Sendable {
        /// Every view of the render, parents first, with its verdict.
        case decided([GroundBodyVerdict])
        /// A check stopped without an answer (the budget that ran out, or the run was cancelled).
        case unknown(SolverStop)
    }

    /// What each check may spend by default: a render pair of a few dozen views needs far fewer
    /// than a million resource units.
    package static let defaultBudget = SolverBudget(resourceLimit: 5_000_000, milliseconds: 20_000)

    /// The invalidation rules encoded, mutation included.
    package let rules: InvalidationRules
    private let session: SolverSession
    private let identity: GroundIdentity
    /// R6 under the identity mutation `idOverridesStructure`: `.id` drops the identity above it.
    /// Its elements are otherwise the reference rules', as in the reduction's tree model.
    private let explicitIDRestarts: Bool

    var ctx: Z3Context { session.context }

    /// The encoding of `rules`, with identities under `identityRules`, in a session of its own.
    package init(identityRules: RuleSet, rules: InvalidationRules, budget: SolverBudget = defaultBudget) throws {
        self.rules = rules
        // Every check is in a render's scope (`verdicts`).
        session = try SolverSession(budget: budget, kind: .incremental)
        explicitIDRestarts = identityRules.mutation == .idOverridesStructure
        identity = try GroundIdentity(rules: explicitIDRestarts ? identityRules.droppingMutationFlag() : identityRules, session: session)
    }

    /// Z3's resource count of the last check.
    package var lastResourceCount: Int? { session.lastResourceCount }

    /// The verdict of every view of `after`, which follows `before` (`nil`: `after` is the first
    /// render). Throws `GroundInvalidationError` when the encoding itself is at fault.
    package func verdicts(before: ViewNode?, after: ViewNode) throws -> Answer {
        try session.withScope {
            var numbers = GroundNumbers()
            var facts: [Z3Term] = []
            let old = try before.map { try views(of: $0, generation: 0, prefix: "old", numbers: &numbers, facts: &facts) } ?? []
            let new = try views(of: after, generation: 1, prefix: "new", numbers: &numbers, facts: &facts)
            var reasons: [Z3Term] = []
            var properties: [Z3Term] = []
            var evaluated: [Z3Term] = []
            for (index, view) in new.enumerated() {
                let parentEvaluated = view.parent.map { evaluated[$0] } ?? ctx.bool(true)
                let (reason, property) = verdict(of: view.terms, index: index, old: old, parentEvaluated: parentEvaluated, numbers: &numbers, facts: &facts)
                reasons.append(reason)
                properties.append(property)
                evaluated.append(ctx.or(Reason.allCases.filter(\.evaluates).map { reason.eq(ctx.int($0.rawValue)) }))
            }
            session.assert(facts)
            let model: Z3Model
            switch try session.check() {
            case .unsat: throw GroundInvalidationError.contradictory
            case .unknown(let reason): return .unknown(reason)
            case .sat(let found): model = found
            }
            let found = try zip(reasons, properties).map { (try model.int(of: $0), try model.int(of: $1)) }
            // The only verdicts: any other for any view contradicts the facts and rules.
            session.assert(ctx.or(zip(zip(reasons, properties), found).map { terms, values in
                ctx.or([terms.0.neq(ctx.int(values.0)), terms.1.neq(ctx.int(values.1))])
            }))
            switch try session.check() {
            case .unsat: break
            case .unknown(let reason): return .unknown(reason)
            case .sat: throw GroundInvalidationError.notDetermined
            }
            return .decided(try zip(new, found).map { view, values in
                GroundBodyVerdict(label: view.terms.label, reason: try decode(values.0, property: values.1, numbers: numbers))
            })
        }
    }

    /// The reason codes of the encoding.
    enum Reason: Int, CaseIterable {
        case newIdentity, ownState, dependency, parentSkipped, equal, differentAt, equalitySaidDifferent, environment

        var evaluates: Bool {
            switch self {
            case .newIdentity, .ownState, .dependency, .differentAt, .equalitySaidDifferent, .environment: return true
            case .parentSkipped, .equal: return false
            }
        }
    }

    /// A view's reason and property constants, defined by I1–I11 in `facts`. Where several rules
    /// run the body, the reason is the first of: a new identity (I1), a comparison with the
    /// previous view of its identity (I2–I7) that said different, reached because its parent ran
    /// (I9), its own state, its dependency (I8), a declared environment key (I10). A body that does
    /// not run compared equal, or was not reached (I9).
    private func verdict(
        of view: GroundViewTerms, index: Int, old: [(terms: GroundViewTerms, parent: Int?)], parentEvaluated: Z3Term,
        numbers: inout GroundNumbers, facts: inout [Z3Term]
    ) -> (reason: Z3Term, property: Z3Term) {
        let labelCompared = rules.mutation == .identityChangeCompared
        let candidates = old.map(\.terms).filter { $0.staticType == view.staticType || (labelCompared && $0.label == view.label) }
        let sameIdentity = candidates.map { identityEqual($0.identity, view.identity) }
        let survives = ctx.or(sameIdentity)
        let sameLabel = candidates.map { ctx.and([ctx.bool(labelCompared), survives.not(), $0.labelNumber.eq(view.labelNumber)]) }
        // The old view compared with: the first of its identity; under the mutant, else the first of its label.
        var selected: [Z3Term] = []
        for position in candidates.indices {
            let first = { (matches: [Z3Term]) in
                self.ctx.and([matches[position]] + matches[..<position].map { $0.not() })
            }
            selected.append(ctx.or([first(sameIdentity), first(sameLabel)]))
        }
        let isNew = ctx.or(selected).not()
        var comparison = Comparison(verdict: ctx.int(Verdict.equal.rawValue), property: ctx.int(-1))
        var environment = Comparison(verdict: ctx.bool(false), property: ctx.int(-1))
        var signalled = ctx.bool(false)
        for (candidate, chosen) in zip(candidates, selected).reversed() {
            let compared = self.comparison(old: candidate, new: view, numbers: &numbers)
            comparison = Comparison(
                verdict: ctx.ite(chosen, then: compared.verdict, else: comparison.verdict),
                property: ctx.ite(chosen, then: compared.property, else: comparison.property))
            signalled = ctx.ite(chosen, then: objectSignalled(old: candidate, sent: view.objectsSent), else: signalled)
            let changed = environmentChanged(old: candidate, new: view, numbers: &numbers)
            environment = Comparison(
                verdict: ctx.ite(chosen, then: changed.verdict, else: environment.verdict),
                property: ctx.ite(chosen, then: changed.property, else: environment.property))
        }
        let code = { (reason: Reason) in self.ctx.int(reason.rawValue) }
        let reached = reached(parentEvaluated: parentEvaluated)
        let differs = ctx.and([reached, comparison.verdict.neq(ctx.int(Verdict.equal.rawValue))])
        let different = ctx.ite(
            comparison.verdict.eq(ctx.int(Verdict.differentAt.rawValue)), then: code(.differentAt), else: code(.equalitySaidDifferent))
        let definition = ctx.ite(isNew, then: code(.newIdentity),
            else: ctx.ite(differs, then: different,
            else: ctx.ite(ownStateChanged(view), then: code(.ownState),
            else: ctx.ite(dependencySignalled(view, derived: signalled), then: code(.dependency),
            else: ctx.ite(environmentSignalled(environment.verdict), then: code(.environment),
            else: ctx.ite(reached, then: code(.equal), else: code(.parentSkipped)))))))
        let reason = ctx.const("new\(index).reason", ctx.intSort)
        let property = ctx.const("new\(index).property", ctx.intSort)
        facts.append(reason.eq(definition))
        facts.append(property.eq(ctx.ite(reason.eq(code(.differentAt)), then: comparison.property,
            else: ctx.ite(reason.eq(code(.environment)), then: environment.property, else: ctx.int(-1)))))
        return (reason, property)
    }

    /// Every view of the tree under `root`, parents first, with its parent's position.
    private func views(
        of root: ViewNode, generation: Int, prefix: String, numbers: inout GroundNumbers, facts: inout [Z3Term]
    ) throws -> [(terms: GroundViewTerms, parent: Int?)] {
        var result: [(terms: GroundViewTerms, parent: Int?)] = []
        let generationTerm = ctx.int(generation)
        func walk(_ node: ViewNode, parent: Int?, above: [Z3Term]) throws {
            var elements = above
            for step in node.steps where !identity.rules.rules.r5Unwraps(step) {
                let element = try identity.rules.element(of: identity.term(for: step), generation: generationTerm)
                elements = explicitIDRestarts && step.kind == .explicitID ? [element] : elements + [element]
            }
            elements.append(identity.typeElement(node.value.staticType))
            let terms = GroundViewTerms(
                node, prefix: "\(prefix)\(result.count)", identity: elements, context: ctx, numbers: &numbers, facts: &facts)
            let position = result.count
            result.append((terms, parent))
            for child in node.children { try walk(child, parent: position, above: elements) }
        }
        try walk(root, parent: nil, above: [])
        return result
    }

    /// Whether two identities are the same: element by element, when their lengths agree.
    private func identityEqual(_ left: [Z3Term], _ right: [Z3Term]) -> Z3Term {
        guard left.count == right.count else { return ctx.bool(false) }
        return ctx.and(zip(left, right).map { $0.eq($1) })
    }

    /// The reason a model's codes stand for.
    private func decode(_ code: Int, property: Int, numbers: GroundNumbers) throws -> EvaluationReason {
        switch Reason(rawValue: code) {
        case .newIdentity?: return .newIdentity
        case .ownState?: return .ownStateChanged
        case .dependency?: return .dependencyChanged
        case .parentSkipped?: return .parentSkipped
        case .equal?: return .comparedEqual
        case .equalitySaidDifferent?: return .comparedDifferent(.customEqualitySaidDifferent)
        case .differentAt?:
            guard let name = numbers.string(property) else { throw GroundInvalidationError.undecodable("property number \(property)") }
            return .comparedDifferent(.differentAt(name))
        case .environment?:
            guard let key = numbers.string(property) else { throw GroundInvalidationError.undecodable("environment key number \(property)") }
            return .environmentChanged(key: key)
        case nil: throw GroundInvalidationError.undecodable("reason code \(code)")
        }
    }
}
