import IdentityModel

/// The dynamic layer of invalidation: given two consecutive renders of a tree of custom views,
/// which bodies run in the second and why (one `body(view)` event per view, parents first).
///
/// Identity comes from IdentityModel: a view's identity is its parent's identity folded through
/// the steps above it by the identity rules (R1–R10), ended by its static type (`ViewValue.staticType`).
/// A view survives when its identity is in the previous render.
public struct BodyEvaluator: Sendable {
    /// The identity rules (R1–R10) identities follow.
    public var identityRules: RuleSet
    /// The invalidation rules (I1–I12).
    public var rules: InvalidationRules

    /// Creates an evaluator.
    public init(identityRules: RuleSet = .runtime, rules: InvalidationRules = .runtime) {
        self.identityRules = identityRules
        self.rules = rules
    }

    /// The identity of every view of a render with serial number `generation`, parents first.
    public func identities(of root: ViewNode, generation: Int) -> [(node: ViewNode, identity: Identity)] {
        var result: [(node: ViewNode, identity: Identity)] = []
        func walk(_ node: ViewNode, below parent: Identity) {
            let identity = self.identity(of: node, below: parent, generation: generation)
            result.append((node, identity))
            for child in node.children { walk(child, below: identity) }
        }
        walk(root, below: Identity([]))
        return result
    }

    /// The body events of the render `after`, which follows the render `before` (serial numbers
    /// 0 and 1). The root's parent (the host) is taken to have run.
    public func evaluate(before: ViewNode, after: ViewNode) -> [BodyEvaluation] {
        evaluateWithSurvival(before: before, after: after).events
    }

    /// `evaluate(before:after:)`'s events, each with whether its identity was in `before`: what a
    /// caller would otherwise learn by computing `before`'s identities a second time.
    public func evaluateWithSurvival(before: ViewNode, after: ViewNode) -> (events: [BodyEvaluation], survives: [Bool]) {
        // The first view of `before` (parents first) with each identity.
        var byIdentity: [Identity: ViewNode] = [:]
        func record(_ node: ViewNode, below parent: Identity) {
            let identity = self.identity(of: node, below: parent, generation: 0)
            if byIdentity[identity] == nil { byIdentity[identity] = node }
            for child in node.children { record(child, below: identity) }
        }
        record(before, below: Identity([]))
        var events: [BodyEvaluation] = []
        var survives: [Bool] = []
        func visit(_ node: ViewNode, below parent: Identity, parentEvaluated: Bool) {
            let identity = self.identity(of: node, below: parent, generation: 1)
            let previous = byIdentity[identity]
            let reason: EvaluationReason
            var compared: ViewValue?
            // Only a gate that lets a new identity through reads `before`'s view of the same label.
            if rules.i1IdentityGate(survives: previous != nil), let old = previous ?? Self.first(labelled: node.label, in: before) {
                reason = surviving(node, old: old, parentEvaluated: parentEvaluated)
                compared = old.value
            } else {
                reason = .newIdentity
            }
            events.append(
                BodyEvaluation(label: node.label, identity: identity, reason: reason, value: node.value, previous: compared))
            survives.append(previous != nil)
            for child in node.children { visit(child, below: identity, parentEvaluated: reason.evaluates) }
        }
        visit(after, below: Identity([]), parentEvaluated: true)
        return (events, survives)
    }

    /// The first view labelled `label` in `root`'s tree, parents first, or `nil`.
    private static func first(labelled label: String, in root: ViewNode) -> ViewNode? {
        if root.label == label { return root }
        for child in root.children {
            if let found = first(labelled: label, in: child) { return found }
        }
        return nil
    }

    /// The reason for a view compared with its previous value `old`: reached through its parent
    /// (I9) and compared (I2–I7), else its own change (I8): its state, a dependency, else a declared
    /// environment key's (I10), else skipped.
    private func surviving(_ node: ViewNode, old: ViewNode, parentEvaluated: Bool) -> EvaluationReason {
        let reached = rules.i9ChildReached(parentEvaluated: parentEvaluated)
        if reached {
            let verdict = rules.compare(old: old.value, new: node.value)
            if !verdict.isEqual { return .comparedDifferent(verdict) }
        }
        let state = rules.i8StateChange(node.stateChange, locationWasRead: node.locationWasRead)
        let observed = rules.i8ObservationChanged(readChanged: node.observedReadChanged, objectChanged: node.observedObjectChanged)
        // I11: what the view observed is what it held at its previous update, `old`.
        let signalled = node.dependencyChanged || observed
            || rules.i11ObjectSignalled(old.value, environmentObjects: old.environmentObjects, sent: node.objectsSent)
        let key = rules.i10EnvironmentChange(declared: node.value.environment, old: old.environment, new: node.environment)
        // A declared key's change is a dependency of the view (I10 is a signal: a lemma's
        // `signalled` stands for it), so I8 decides whether it runs the body; named after the others.
        if rules.i8OwnChange(state: state, dependencyChanged: signalled || key != nil) {
            if state == .changedRead { return .ownStateChanged }
            if let key, !signalled { return .environmentChanged(key: key) }
            return .dependencyChanged
        }
        return reached ? .comparedEqual : .parentSkipped
    }

    private func identity(of node: ViewNode, below parent: Identity, generation: Int) -> Identity {
        let above = node.steps.reduce(parent) { identityRules.childIdentity(of: $0, through: $1, generation: generation) }
        return above.appending(.type(node.value.staticType))
    }
}
