import Invalidation
import Z3Kit

/// The locality obligations of invalidation (docs/invalidation.md, "Locality"; Proofs/README.md):
/// whether a view's body runs depends only on its identity's survival, its own old and new values
/// and own change, and its parent's evaluation. Each is a ground-plus-quantifier query over a Z3
/// copy of `BodyEvaluator`'s walk of a parent with two children (the previous value found by
/// identity among all views of the earlier render, children reached through the parent's verdict)
/// that must be unsatisfiable.
package enum InvalidationObligation: String, CaseIterable, Hashable, Sendable {
    /// The root, whose parent (the host) ran, gets the link's verdict with `parentEvaluated`.
    case root
    /// A child's verdict in the tree is the link's verdict of its own values, with the parent's
    /// tree verdict as `parentEvaluated`, whatever the parent's and the sibling's values.
    case child
    /// A child's verdict is the same in two trees that differ only in its sibling's values.
    case siblings

    /// The stable id, e.g. `invalidation.child`.
    package var id: String { "invalidation.\(rawValue)" }

    /// What the obligation states, in one line.
    package var statement: String {
        switch self {
        case .root: return "evalTree(root) = link(root, parentEvaluated: true), a realizable link"
        case .child:
            return "distinct identities before, realizable trees => evalTree(c1) = link(c1, parentEvaluated: evalTree(parent)), a realizable link"
        case .siblings: return "realizable trees equal but for c2 => evalTree(c1) is the same in both"
        }
    }
}

/// How the tree-level copy compares a child: as itself (what `BodyEvaluator` and seed 003 do), or
/// as part of its parent's whole body value, the reading docs/invalidation.md leaves open, under
/// which a sibling's change re-runs a child and the child and siblings obligations fail.
package enum ChildComparison: String, Hashable, Sendable {
    case perChild, bodyValue
}

/// The verdict of one locality obligation under one rule set.
package struct InvalidationObligationResult: Sendable {
    /// The verdict type of every layer's obligations (`vacuous`: the premises alone are unsatisfiable).
    package typealias Verdict = ObligationVerdict

    package var obligation: InvalidationObligation
    package var rules: String
    package var verdict: Verdict
    /// The query as SMT-LIB 2, for Proofs/ and the second solvers; `nil` when not exported.
    package var script: String?
    package var resourceCount: Int?
}

/// Discharges the locality obligations under one invalidation rule set.
package struct InvalidationLocality {
    package var rules: InvalidationRules
    package var comparison: ChildComparison
    package var budget: SolverBudget
    /// Whether each result keeps its query as a script (for Proofs/ and the second solvers).
    package var exportsScripts: Bool

    /// The obligations under `rules`, with the tree-level copy comparing children per `comparison`.
    package init(
        rules: InvalidationRules, comparison: ChildComparison = .perChild, budget: SolverBudget = .standard,
        exportsScripts: Bool = true
    ) {
        self.rules = rules
        self.comparison = comparison
        self.budget = budget
        self.exportsScripts = exportsScripts
    }

    /// Every obligation's result, in `InvalidationObligation.allCases`' order; `child` checks the
    /// premises it shares with `root` (its goal is the costlier, checked as when it ran alone).
    package func discharge() throws -> [InvalidationObligationResult] {
        let results = try discharge([.child, .root, .siblings])
        return InvalidationObligation.allCases.compactMap { obligation in results.first { $0.obligation == obligation } }
    }

    /// The results of `obligations`, discharged in their order. `root` and `child` assert the same
    /// premises (one tree, the same rules, comparison and budget): the first of them checks them in
    /// its session, and the other's session reads their answers. Every goal is still checked, each
    /// in a session of its own.
    package func discharge(_ obligations: [InvalidationObligation]) throws -> [InvalidationObligationResult] {
        var oneTree: PremiseAnswers?
        return try obligations.map { obligation in
            guard obligation != .siblings else { return try discharge(obligation, premises: nil).result }
            let (result, answers) = try discharge(obligation, premises: oneTree)
            oneTree = answers
            return result
        }
    }

    /// One obligation's result.
    package func discharge(_ obligation: InvalidationObligation) throws -> InvalidationObligationResult {
        try discharge(obligation, premises: nil).result
    }

    /// What the premise checks of an obligation answered.
    private enum PremiseAnswers {
        /// Both have a model.
        case hold
        /// One has none: the obligation is vacuous.
        case vacuous
        case unknown(SolverStop)
    }

    /// `obligation`'s result, and what its premise checks answered: checked in its session, unless
    /// `given` is their answers in an earlier session of the same premises.
    private func discharge(
        _ obligation: InvalidationObligation, premises given: PremiseAnswers?
    ) throws -> (result: InvalidationObligationResult, premises: PremiseAnswers) {
        let session = try SolverSession(budget: budget)
        let context = session.context
        let tree = TreeCopy(rules: rules, comparison: comparison, context: context, name: "t")
        session.assert(tree.wellFormed())
        session.assert(try tree.realizable())
        var trees = [tree]
        let goal: Z3Term
        switch obligation {
        case .root:
            let parentEvaluated = context.bool(true)
            goal = try tree.verdict(of: 0).eq(tree.link(of: 0, parentEvaluated: parentEvaluated))
                .and(tree.linkRealizable(of: 0, parentEvaluated: parentEvaluated))
        case .child:
            goal = try tree.verdict(of: 1).eq(tree.link(of: 1, parentEvaluated: try tree.verdict(of: 0)))
                .and(tree.linkRealizable(of: 1, parentEvaluated: try tree.verdict(of: 0)))
        case .siblings:
            let other = TreeCopy(rules: rules, comparison: comparison, context: context, name: "u")
            session.assert(other.wellFormed())
            session.assert(try other.realizable())
            session.assert(tree.sameButSibling(other))
            trees.append(other)
            goal = try tree.verdict(of: 1).eq(try other.verdict(of: 1))
        }
        let premises = try given ?? checkPremises(session, trees: trees)
        switch premises {
        case .hold: break
        case .vacuous:
            let result = InvalidationObligationResult(
                obligation: obligation, rules: rules.name, verdict: .vacuous, script: try script(of: session), resourceCount: nil)
            return (result, premises)
        case .unknown(let reason):
            let result = InvalidationObligationResult(
                obligation: obligation, rules: rules.name, verdict: .unknown(reason: reason), script: try script(of: session),
                resourceCount: nil)
            return (result, premises)
        }
        // A session whose premises were checked checks its goal on Z3's incremental core (its
        // scopes were pushed); one that read them opens a scope for it too, so both do.
        func checkGoal() throws -> (String?, SolverSession.Answer) {
            session.assert(goal.not())
            return (try self.script(of: session), try session.check())
        }
        let (script, answer) = given == nil ? try checkGoal() : try session.withScope(checkGoal)
        let verdict: InvalidationObligationResult.Verdict
        switch answer {
        case .unsat: verdict = .proved
        case .sat(let model): verdict = .failed(model: model.description)
        case .unknown(let reason): verdict = .unknown(reason: reason)
        }
        let result = InvalidationObligationResult(
            obligation: obligation, rules: rules.name, verdict: verdict, script: script, resourceCount: session.lastResourceCount)
        return (result, premises)
    }

    /// The premise checks: premises that hold of nothing would prove any goal, so they must have a
    /// model with a surviving parent and child first, once with a parent that ran and once with one
    /// that did not (where the realizability premise binds).
    private func checkPremises(_ session: SolverSession, trees: [TreeCopy]) throws -> PremiseAnswers {
        for parentRuns in [true, false] {
            switch try premisesHold(session, trees: trees, parentRuns: parentRuns) {
            case .sat: continue
            case .unsat: return .vacuous
            case .unknown(let reason): return .unknown(reason)
            }
        }
        return .hold
    }

    /// The session's assertions as a script, when scripts are exported.
    private func script(of session: SolverSession) throws -> String? { exportsScripts ? try session.script() : nil }
}

extension InvalidationLocality {
    /// Whether the premises have a model with a surviving parent and child whose body ran
    /// (`parentRuns`) or did not. First with every field of the trees fixed to values known to
    /// satisfy them (`TreeCopy.witness`), a quick check; only if that is not sat (a rule set or
    /// mutant the witness does not fit) the general one. Either way the scope is popped, so the
    /// obligation's script and verdict do not depend on which answered.
    fileprivate func premisesHold(_ session: SolverSession, trees: [TreeCopy], parentRuns: Bool) throws -> SolverSession.Answer {
        let tree = trees[0]
        let general = tree.context.and([
            tree.survives(0), tree.survives(1), parentRuns ? try tree.verdict(of: 0) : try tree.verdict(of: 0).not(),
        ])
        let quick = try session.withScope {
            session.assert(general)
            for copy in trees { session.assert(copy.witness(parentRuns: parentRuns)) }
            return try session.check()
        }
        if case .sat = quick { return quick }
        return try session.withScope {
            session.assert(general)
            return try session.check()
        }
    }
}

/// The Z3 copy of `BodyEvaluator.evaluate` on a parent (node 0) with two children (1, 2): after
/// nodes and before nodes with identities; a node's previous value is the before node with its
/// identity (else, under `identityChangeCompared`, the before node of its label, the same index).
private struct TreeCopy {
    let context: Z3Context
    let encoding: InvalidationEncoding
    let comparison: ChildComparison
    let after: [InvalidationVocabulary]
    let before: [InvalidationVocabulary]
    let afterID: [Z3Term]
    let beforeID: [Z3Term]
    /// Per after node: its new values, with the old values of the before node found for it.
    let compared: [InvalidationVocabulary]

    init(rules: InvalidationRules, comparison: ChildComparison, context: Z3Context, name: String) {
        self.context = context
        self.comparison = comparison
        after = (0..<3).map { InvalidationVocabulary(name: "\(name).after\($0)", context: context) }
        before = (0..<3).map { InvalidationVocabulary(name: "\(name).before\($0)", context: context) }
        afterID = (0..<3).map { context.const("\(name).afterID\($0)", context.intSort) }
        beforeID = (0..<3).map { context.const("\(name).beforeID\($0)", context.intSort) }
        compared = (0..<3).map { InvalidationVocabulary(name: "\(name).compared\($0)", context: context) }
        encoding = InvalidationEncoding(rules: rules, context: context, views: compared)
    }

    private func matches(_ node: Int, _ previous: Int) -> Z3Term { afterID[node].eq(beforeID[previous]) }

    /// Whether node `node`'s identity was in the earlier render.
    func survives(_ node: Int) -> Z3Term { context.or((0..<3).map { matches(node, $0) }) }

    /// Distinct identities in each render; a node and the before node it matches have one type
    /// (the same properties and conformances); `compared[n]` is node n's new value with its
    /// previous value's properties as the old ones.
    func wellFormed() -> Z3Term {
        var facts: [Z3Term] = [context.distinct(afterID), context.distinct(beforeID)]
        let k = context.const("k.tree", context.intSort)
        for node in 0..<3 {
            facts.append(encoding.wellFormed(after[node]))
            facts.append(encoding.wellFormed(before[node]))
            let view = compared[node]
            let new = after[node]
            facts += [
                view.props.eq(new.props), view.equality.eq(new.equality), view.equatable.eq(new.equatable),
                view.hasState.eq(new.hasState), view.stateRead.eq(new.stateRead),
                view.stateUnread.eq(new.stateUnread), view.signalled.eq(new.signalled),
                view.initialSame.eq(new.initialSame), view.unnamedEnvironment.eq(new.unnamedEnvironment),
            ]
            for previous in 0..<3 {
                let old = before[previous]
                facts.append(matches(node, previous).implies(context.and([
                    old.props.eq(new.props), old.equality.eq(new.equality), old.equatable.eq(new.equatable),
                    old.hasState.eq(new.hasState), old.unnamedEnvironment.eq(new.unnamedEnvironment),
                ])))
            }
            // Without a match the label's before node (index `node`) is the one a mutant compares with.
            func previousValue(_ component: (InvalidationVocabulary) -> Z3FunctionDecl) -> Z3Term {
                var term = component(before[node])(k)
                for previous in (0..<3).reversed() {
                    term = context.ite(matches(node, previous), then: component(before[previous])(k), else: term)
                }
                return term
            }
            let components: [(old: (InvalidationVocabulary) -> Z3FunctionDecl, new: (InvalidationVocabulary) -> Z3FunctionDecl)] = [
                (\.kindOld, \.kindNew), (\.valueOld, \.valueNew), (\.capturesOld, \.capturesNew),
                (\.locationOld, \.locationNew), (\.keyPathOld, \.keyPathNew),
            ]
            var equations: [Z3Term] = []
            for component in components {
                equations.append(component.old(view)(k).eq(previousValue(component.new)))
                equations.append(component.new(view)(k).eq(component.new(new)(k)))
            }
            facts.append(context.forall([k], context.and(equations)))
        }
        return context.and(facts)
    }

    /// The comparison's verdict for node `node`: its own, or, under `.bodyValue`, a child's with
    /// its sibling's.
    private func differs(_ node: Int) -> Z3Term {
        let own = encoding.differs(compared[node])
        guard comparison == .bodyValue, node > 0 else { return own }
        return own.or(encoding.differs(compared[3 - node]))
    }

    /// Whether node `node`'s body runs in the tree: the root below the host, a child below node 0.
    func verdict(of node: Int) throws -> Z3Term {
        let parent = node == 0 ? context.bool(true) : try verdict(of: 0)
        return encoding.evaluated(compared[node], survives: survives(node), parentEvaluated: parent, differs: differs(node))
    }

    /// What every tree gives its views (`InvalidationEncoding.realizable`; FINDINGS.md 11): a child
    /// of a parent whose body did not run in the tree has the identity and values it had (the
    /// parent's body output is the child's view value), and a view with a new identity has no
    /// state change; the root's parent, the host, runs.
    func realizable() throws -> Z3Term {
        context.and(try (0..<3).map { node in
            encoding.realizable(
                compared[node], survives: survives(node),
                parentEvaluated: node == 0 ? context.bool(true) : try verdict(of: 0))
        })
    }

    /// The path level's constraint (`InvalidationEncoding.realizable`) on node `node`'s link.
    func linkRealizable(of node: Int, parentEvaluated: Z3Term) -> Z3Term {
        encoding.realizable(compared[node], survives: survives(node), parentEvaluated: parentEvaluated)
    }

    /// Fixed values of every field the premises read, known to satisfy them under the rule sets
    /// and mutants shipped: identities 0, 1, 2 before and after (every view survives), no `==`, no
    /// `.equatable()`, the same initial values, the children without properties; the parent, when
    /// it runs (`parentRuns`), has one plain property that changed (0 to 1), a `@State` its body
    /// read that changed and a
    /// dependency that signalled (so a mutant that ignores one reason still runs it), else none of
    /// these. The quick premises check asserts it first.
    func witness(parentRuns: Bool) -> Z3Term {
        var facts: [Z3Term] = []
        for node in 0..<3 {
            facts.append(afterID[node].eq(context.int(node)))
            facts.append(beforeID[node].eq(context.int(node)))
            let runs = parentRuns && node == 0
            if runs {
                let first = context.int(0)
                let plain = context.int(InvalidationVocabulary.code(.plain))
                facts += [
                    before[node].kindNew(first).eq(plain), before[node].valueNew(first).eq(context.int(0)),
                    after[node].kindNew(first).eq(plain), after[node].valueNew(first).eq(context.int(1)),
                ]
            }
            for view in [after[node], before[node]] {
                facts += [
                    view.props.eq(context.int(runs ? 1 : 0)),
                    view.equality.eq(context.int(InvalidationVocabulary.code(.notEquatable))),
                    view.equatable.not(),
                    view.hasState.eq(context.bool(runs)),
                ]
            }
            facts += [
                after[node].stateRead.eq(context.bool(runs)), after[node].stateUnread.not(),
                after[node].signalled.eq(context.bool(runs)), after[node].initialSame,
            ]
        }
        return context.and(facts)
    }

    /// The path level's verdict (`InvalidationEncoding.evaluated`) for node `node`'s link: its
    /// survival, its old and new values and own change, and `parentEvaluated`.
    func link(of node: Int, parentEvaluated: Z3Term) -> Z3Term {
        encoding.evaluated(
            compared[node], survives: survives(node), parentEvaluated: parentEvaluated,
            differs: encoding.differs(compared[node]))
    }

    /// The same parent and first child (identities and values), before and after; the second
    /// child and its before node arbitrary.
    func sameButSibling(_ other: TreeCopy) -> Z3Term {
        let k = context.const("k.same", context.intSort)
        var facts: [Z3Term] = []
        for node in 0..<2 {
            for (mine, theirs) in [(after[node], other.after[node]), (before[node], other.before[node])] {
                facts += [
                    mine.props.eq(theirs.props), mine.equality.eq(theirs.equality),
                    mine.equatable.eq(theirs.equatable), mine.hasState.eq(theirs.hasState),
                    mine.stateRead.eq(theirs.stateRead), mine.stateUnread.eq(theirs.stateUnread),
                    mine.signalled.eq(theirs.signalled), mine.initialSame.eq(theirs.initialSame),
                    mine.unnamedEnvironment.eq(theirs.unnamedEnvironment),
                    context.forall([k], context.and([
                        mine.kindNew(k).eq(theirs.kindNew(k)), mine.valueNew(k).eq(theirs.valueNew(k)),
                        mine.capturesNew(k).eq(theirs.capturesNew(k)),
                        mine.locationNew(k).eq(theirs.locationNew(k)),
                        mine.keyPathNew(k).eq(theirs.keyPathNew(k)),
                    ])),
                ]
            }
            facts.append(afterID[node].eq(other.afterID[node]))
            facts.append(beforeID[node].eq(other.beforeID[node]))
        }
        // In both trees the sibling's previous instance is neither the parent's nor the first
        // child's: which previous value a view gets is identity's business (R1–R10), not this one.
        for tree in [self, other] {
            facts.append(tree.beforeID[2].neq(afterID[0]))
            facts.append(tree.beforeID[2].neq(afterID[1]))
        }
        return context.and(facts)
    }
}
