import Encoding
import IdentityModel
import Invalidation
import LemmaLanguage
import Results

extension ScenarioRunner {
    /// Runs a scenario that checks body evaluation: each render's view tree goes through
    /// `BodyEvaluator` with the previous one (the first render: every view is new), `set` and
    /// `signal` mark the next render's state and dependency changes, and each `check L evaluated`
    /// or `skipped` is compared with L's `body(view)` event. `@State` values are kept by identity:
    /// a view whose identity survives keeps its value, any other starts from its `state:` argument
    /// (a view with either back below a lazy container that may have retained it is an error, R7);
    /// bindings that read a state (`$state`) carry its current value as their snapshot. Every
    /// render's events are confirmed by Z3's ground encoding of I1–I11 (`confirm`) before any check
    /// reads them.
    func runInvalidation(_ scenario: CheckedScenario, base: InvalidationRules) -> ScenarioRun {
        var run = ScenarioRun(failures: [], passed: 0, renders: [], trace: [], groundComparisons: 0, error: nil)
        run.groundChecked = .bodyVerdicts
        let invalidationRules = invalidationMutation.map(base.mutated) ?? base
        let evaluator = BodyEvaluator(identityRules: rules, rules: evaluatorMutation.map(base.mutated) ?? invalidationRules)
        // Whether a render pair is realizable is a property of the scenario as written, decided
        // under its own rules: a mutant run reports the same render pairs as errors, no more,
        // whether the mutant comes from --mutant or from a rule-set file's set (`base.mutation`).
        let mutated = rules.mutation != nil || base.mutation != nil || invalidationMutation != nil || evaluatorMutation != nil
        let unmutated = base.droppingMutation()
        let reference = mutated ? BodyEvaluator(identityRules: scenario.ruleSet, rules: unmutated) : nil
        let ground: GroundInvalidation
        do {
            ground = try GroundInvalidation(identityRules: rules, rules: invalidationRules, budget: groundBudget)
        } catch {
            run.error = .internalError("internal error: no Z3 encoding of I1–I11 for the scenario's second route: \(error)")
            return run
        }
        var store: [Identity: Int] = [:]
        var objectStore: [Identity: [String: Int]] = [:]
        var currentIdentities: [String: Identity] = [:]
        var previous: ViewNode?
        var previousWritten: ViewNode?
        var events: [String: BodyEvaluation] = [:]
        var changes = RenderChanges()
        // The identities whose state storage has its sticky read flag set (I8).
        var readLocations = Set<Identity>()
        // `@Observable` properties: their values (each starts at 0), and what each view's body
        // read when it last ran.
        var observedValues: [ObservedProperty: Int] = [:]
        var lastObservations: [String: Set<ObservedProperty>] = [:]
        var survivors = Set<String>()
        // Every identity of an earlier render: one back below a retaining container is revived (R7),
        // whose run, state, read flag, objects and tracking the runner does not carry
        // (FINDINGS.md 52, 61, 74; docs/invalidation.md I1).
        var seenIdentities = Set<Identity>()
        // The user's sets since the last render, by label: the value held before the first that
        // committed, and the last value set; and what the rules carry to the next render (I8's
        // `i8StateAfter`: nothing, but under a mutant).
        var sets: [String: (held: Int, value: Int)] = [:]
        var carriedSets: [String: StateUpdate] = [:]
        var trees = scenario.viewTrees.makeIterator()
        for step in scenario.steps {
            switch step.kind {
            case .render(let block):
                guard let parsed = trees.next() else {
                    run.error = .internalError("\(location(step.range)): internal error: fewer parsed view trees than render steps")
                    return run
                }
                run.renders.append(Self.asWritten(block.text))
                // Identities depend on structure and static types only, not on state values.
                let previousIdentities = Set(previous.map { evaluator.identities(of: $0, generation: 0).map(\.identity) } ?? [])
                // As the previous render's are (generation 0), so that an `AnyView` rebuilt each render
                // (`anyViewAlwaysRebuilds`) brings nothing back, nor do two views of one render.
                seenIdentities.formUnion(previousIdentities)
                var states: [String: Int] = [:]
                var nextStore: [Identity: Int] = [:]
                var objects: [String: [String: Int]] = [:]
                var nextObjectStore: [Identity: [String: Int]] = [:]
                // Which `@StateObject` holds each object in this render (label.property): each makes an
                // instance of its own, so two holding one object are two objects the scenario names as
                // one. E096 checks the first render's initialisers; later ones I12 may not call.
                var holders: [Int: String] = [:]
                currentIdentities = [:]
                var nextCarried: [String: StateUpdate] = [:]
                let retainable = Self.retainable(parsed.root, rules: mutated ? scenario.ruleSet : rules)
                for (node, identity) in evaluator.identities(of: parsed.root, generation: 1) {
                    currentIdentities[node.label] = identity
                    if !previousIdentities.contains(identity), seenIdentities.contains(identity), retainable.contains(node.label) {
                        run.error = .revivedState(location: location(step.range), render: run.renders.count, label: node.label)
                        return run
                    }
                    // I12: an @StateObject keeps the object its identity made.
                    for name in parsed.stateObjects[node.label] ?? [] {
                        guard case .observed(let initial)? = node.value.property(name) else { continue }
                        let held = previousIdentities.contains(identity) ? objectStore[identity]?[name] : nil
                        let object = invalidationRules.i12StateObject(initial: initial, held: held)
                        objects[node.label, default: [:]][name] = object
                        nextObjectStore[identity, default: [:]][name] = object
                        let holder = "\(node.label).\(name)"
                        if let earlier = holders.updateValue(holder, forKey: object) {
                            run.error = .sharedStateObject(
                                location: location(step.range), render: run.renders.count, holders: [earlier, holder], object: object)
                            return run
                        }
                    }
                    guard let initial = parsed.initialStates[node.label] else { continue }
                    let survives = previousIdentities.contains(identity)
                    var value = survives ? store[identity] ?? initial : initial
                    let set = sets[node.label]
                    let step = invalidationRules.i8StateAfter(
                        held: set?.held ?? value, initial: initial, survives: survives,
                        set: set.map { StateUpdate(value: $0.value, read: changes.states[node.label] == .changedRead) },
                        carried: carriedSets[node.label])
                    // A render after a set keeps the set's value and change as the `set` step made them.
                    if set == nil {
                        value = step.value
                        if step.change != .none { changes.states[node.label] = step.change }
                    }
                    nextCarried[node.label] = step.carried
                    states[node.label] = value
                    nextStore[identity] = value
                }
                store = nextStore
                objectStore = nextObjectStore
                carriedSets = nextCarried
                readLocations = readLocations.filter { store[$0] != nil }
                let flagged = Set(currentIdentities.filter { readLocations.contains($0.value) }.map(\.key))
                var root = Self.marked(
                    ViewTreeParser.withStateObjects(
                        ViewTreeParser.withState(parsed.root, states: states, readers: parsed.stateReaders), objects: objects),
                    changes: changes, flagged: flagged)
                root = Self.observing(root, changes: changes.observed, reads: lastObservations)
                let evaluations = previous.map { evaluator.evaluate(before: $0, after: root) } ?? Self.firstRender(root, evaluator)
                if let previous {
                    let judged = reference ?? evaluator
                    let events = reference.map { $0.evaluate(before: previous, after: root) } ?? evaluations
                    // The trees as written too: an `@StateObject`'s initialiser is part of the body
                    // output even where I12 keeps the object it made.
                    let problem = Self.unrealizable(before: previous, after: root, events: events, evaluator: judged)
                        ?? previousWritten.flatMap {
                            Self.unrealizable(
                                before: $0, after: parsed.root, events: events, evaluator: judged, stateObjects: parsed.stateObjects)
                        }
                    if let problem {
                        run.error = .unrealizableRender(location: location(step.range), render: run.renders.count, why: problem)
                        return run
                    }
                    if let changed = Self.changedEnvironmentObject(before: previous, after: root, evaluator: evaluator) {
                        run.error = .changedEnvironmentObject(
                            location: location(step.range), render: run.renders.count, label: changed.label, type: changed.type,
                            before: changed.before, after: changed.after)
                        return run
                    }
                }
                switch Self.confirm(evaluations, before: previous, after: root, ground: ground, render: run.renders.count) {
                case .agreed(let count):
                    run.groundComparisons += count
                case .unknown(let reason):
                    run.unknown = .groundUnanswered(location: location(step.range), render: run.renders.count, stop: reason)
                    return run
                case .disagreed(let message):
                    run.error = .groundDisagrees("\(location(step.range)): \(message)")
                    return run
                case .failed(let why):
                    run.error = .solverFailure("\(location(step.range)): \(why)")
                    return run
                }
                run.viewTrees.append(root)
                run.evaluations.append(evaluations)
                run.states.append(states)
                survivors = Set(evaluator.identities(of: root, generation: 1).filter { previousIdentities.contains($0.1) }.map(\.0.label))
                events = Dictionary(evaluations.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
                for (owner, readers) in parsed.stateReads where readers.contains(where: { events[$0]?.evaluated == true }) {
                    if let identity = currentIdentities[owner], store[identity] != nil { readLocations.insert(identity) }
                }
                // What each body's tracking holds now (I8's `i8Tracking`); a view gone tracks nothing.
                let fired = Self.labels(in: root) { $0.observedReadChanged }
                lastObservations = Dictionary(
                    evaluations.map { event in
                        (event.label, invalidationRules.i8Tracking(
                            held: lastObservations[event.label] ?? [], read: parsed.observations[event.label] ?? [],
                            survives: survivors.contains(event.label), fired: fired.contains(event.label), evaluated: event.evaluated))
                    }.filter { !$0.1.isEmpty }, uniquingKeysWith: { first, _ in first })
                run.trace.append("render \(run.renders.count):")
                run.trace += evaluations.filter { !$0.label.hasPrefix("_") }.map { "  " + $0.explanation }
                previous = root
                previousWritten = parsed.root
                changes = RenderChanges()
                sets = [:]
            case .set(let label, let value), .setUnread(let label, let value):
                let identity = currentIdentities[label.description]
                // `set L = v` says L's body read the state: that read set the storage's sticky flag
                // (I8 "The read flag"), whether or not this set commits.
                if case .set = step.kind, let identity, store[identity] != nil { readLocations.insert(identity) }
                guard invalidationRules.i8SetCommits(current: identity.flatMap { store[$0] }, new: value) else { continue }
                if let identity {
                    if let held = store[identity] { sets[label.description] = (held: sets[label.description]?.held ?? held, value: value) }
                    store[identity] = value
                }
                if case .setUnread = step.kind {
                    changes.states[label.description] = changes.states[label.description] ?? .changedUnread
                } else {
                    changes.states[label.description] = .changedRead
                }
            case .signal(let label):
                changes.signals.insert(label.description)
            case .setObservable(let object, let name, let value):
                let property = ObservedProperty(object: object, property: name)
                guard invalidationRules.i8SetCommits(current: observedValues[property] ?? 0, new: value) else { continue }
                observedValues[property] = value
                changes.observed.insert(property)
            case .send(let object), .sendUnobserved(let object):
                changes.sent.append(object)
            case .evaluation(let label, let check):
                guard let event = events[label.description] else {
                    run.failures.append(failedCheck(step, found: .viewAbsent(label: label.description, expected: check.description)))
                    continue
                }
                if Self.mismatches(event, check) {
                    run.failures.append(failedCheck(
                        step,
                        found: .evaluation(
                            label: label.description, evaluated: event.evaluated, reason: event.reason.description, expected: check.description,
                            explanation: Self.explanation(of: event))))
                    let render = run.viewTrees.count - 1
                    let parent = run.viewTrees.last.flatMap { Self.parentLabel(of: event.label, in: $0) }
                    run.verdicts.append(ViewVerdict(
                        variable: event.label, label: event.label, transition: render, before: max(render - 1, 0), after: render,
                        evaluated: event.evaluated, reason: event.reason.description, rules: event.rules(under: invalidationRules),
                        parentEvaluated: parent.flatMap { events[$0]?.evaluated }, survives: survivors.contains(event.label),
                        difference: event.failedProperty))
                } else {
                    run.passed += 1
                }
            case .outcome, .value, .undefined:
                run.error = .internalError("\(location(step.range)): internal error: an identity check in an invalidation scenario")
                return run
            }
        }
        return run
    }

    /// The label of the view whose body makes the view labelled `label` in `root`, or `nil` for the root.
    static func parentLabel(of label: String, in root: ViewNode) -> String? {
        for child in root.children {
            if child.label == label { return root.label }
            if let found = parentLabel(of: label, in: child) { return found }
        }
        return nil
    }

    /// Why no tree gives the render `after` after `before`, or `nil`: a view whose body did not run
    /// (its `events`, parents first) hands its children the identities and values they had, since a
    /// child's identity and view value are its parent's body output (I9; FINDINGS.md 11). The first
    /// child of such a view with a new identity or new values, or one it no longer makes. Values are
    /// printed as a scenario writes them; `stateObjects` (label: property names) says which
    /// properties to write as `@StateObject` initialisers, for trees as written.
    static func unrealizable(
        before: ViewNode, after: ViewNode, events: [BodyEvaluation], evaluator: BodyEvaluator, stateObjects: [String: [String]] = [:]
    ) -> String? {
        let earlier = children(of: before, evaluator.identities(of: before, generation: 0))
        let laterList = evaluator.identities(of: after, generation: 1)
        let later = children(of: after, laterList)
        for (event, (node, identity)) in zip(events, laterList) where !event.evaluated {
            let made = later[identity] ?? []
            let had = earlier[identity] ?? []
            let why = "\(node.label)'s body did not run (\(event.reason)), so it hands its children the identities and values "
                + "they had (a child's identity and values are its parent's body output, I9)"
            for (childIdentity, child) in made {
                guard let old = had.first(where: { $0.0 == childIdentity })?.1 else {
                    return "\(why), but \(child.label) has a new identity"
                }
                if old.value != child.value {
                    let wrapped = Set(stateObjects[child.label] ?? [])
                    return "\(why), but \(child.label) has new values: "
                        + "\(RenderPrinter.print(old.value, stateObjects: wrapped)) -> \(RenderPrinter.print(child.value, stateObjects: wrapped))"
                }
                // The same identity at another place of the body output: reordered ForEach rows
                // (their keys are the identity, their offsets are not), a sibling shown or hidden.
                if old.steps != child.steps {
                    return "\(why), but \(child.label) is elsewhere in its body: "
                        + "\(old.steps.map(\.description).joined(separator: ", ")) -> \(child.steps.map(\.description).joined(separator: ", "))"
                }
            }
            if let lost = had.first(where: { old in !made.contains { $0.0 == old.0 } }) {
                return "\(why), but \(lost.1.label) is gone"
            }
        }
        return nil
    }

    /// Each view's identity with its children's identities and nodes, from `identities` (the
    /// render's, parents first).
    private static func children(
        of root: ViewNode, _ identities: [(node: ViewNode, identity: Identity)]
    ) -> [Identity: [(Identity, ViewNode)]] {
        var result: [Identity: [(Identity, ViewNode)]] = [:]
        var index = 0
        func walk(_ node: ViewNode) -> Identity {
            let identity = identities[index].identity
            index += 1
            let made = node.children.map { ($0, walk($0)) }.map { ($0.1, $0.0) }
            if result[identity] == nil { result[identity] = made }
            return identity
        }
        _ = walk(root)
        return result
    }

    /// What the second route said of a render.
    enum GroundConfirmation: Equatable {
        /// Z3 gave every view the evaluator's verdict and reason.
        case agreed(Int)
        /// Z3 stopped without an answer.
        case unknown(SolverStop)
        /// The routes differ: the first view where they do, with both answers.
        case disagreed(String)
        /// Z3's ground encoding failed (the error).
        case failed(String)
    }

    /// Z3's ground encoding of I1–I11 asked for every view of `after` (render number `render`), and
    /// its answers compared with the evaluator's `evaluations`, view by view, verdict and reason.
    static func confirm(
        _ evaluations: [BodyEvaluation], before: ViewNode?, after: ViewNode, ground: GroundInvalidation, render: Int
    ) -> GroundConfirmation {
        let verdicts: [GroundBodyVerdict]
        do {
            switch try ground.verdicts(before: before, after: after) {
            case .decided(let decided): verdicts = decided
            case .unknown(let reason): return .unknown(reason)
            }
        } catch {
            return .failed("Z3's ground encoding of I1–I11 failed on render \(render): \(error)")
        }
        guard verdicts.map(\.label) == evaluations.map(\.label) else {
            return .disagreed("internal error: Z3's ground encoding and BodyEvaluator list different views in render \(render): "
                + "\(verdicts.map(\.label)) and \(evaluations.map(\.label))")
        }
        for (verdict, event) in zip(verdicts, evaluations) where verdict.reason != event.reason {
            return .disagreed("internal error: BodyEvaluator and Z3's ground encoding of I1–I11 disagree on \(event.label) in render \(render): "
                + "BodyEvaluator says \(event.evaluated ? "evaluated" : "skipped") (\(event.reason)), Z3 says \(verdict)\n"
                + explanation(of: event))
        }
        return .agreed(verdicts.count)
    }

    /// Every view of a first render is new (I1).
    private static func firstRender(_ root: ViewNode, _ evaluator: BodyEvaluator) -> [BodyEvaluation] {
        evaluator.identities(of: root, generation: 1).map {
            BodyEvaluation(label: $0.node.label, identity: $0.identity, reason: .newIdentity, value: $0.node.value, previous: nil)
        }
    }

    /// The tree with each view's state change and dependency signal since the previous render and
    /// the objects sent since then (`changes`), and whether its state's read flag was set before it
    /// (`flagged`).
    private static func marked(_ node: ViewNode, changes: RenderChanges, flagged: Set<String>) -> ViewNode {
        var copy = node
        copy.stateChange = changes.states[node.label] ?? .none
        copy.dependencyChanged = changes.signals.contains(node.label)
        copy.locationWasRead = flagged.contains(node.label)
        copy.objectsSent = changes.sent
        copy.children = node.children.map { marked($0, changes: changes, flagged: flagged) }
        return copy
    }

    /// The tree with each view's `@Observable` changes: a changed property among those its body
    /// read (`reads`, by label), or a changed property of an object it read one of.
    private static func observing(
        _ node: ViewNode, changes: Set<ObservedProperty>, reads: [String: Set<ObservedProperty>]
    ) -> ViewNode {
        var copy = node
        (copy.observedReadChanged, copy.observedObjectChanged) = ObservedProperty.changes(read: reads[node.label] ?? [], changed: changes)
        copy.children = node.children.map { observing($0, changes: changes, reads: reads) }
        return copy
    }

    /// The labels of the views of `root` that satisfy `test`.
    private static func labels(in root: ViewNode, where test: (ViewNode) -> Bool) -> Set<String> {
        root.children.reduce(into: test(root) ? [root.label] : Set<String>()) { $0.formUnion(labels(in: $1, where: test)) }
    }

    /// What the event says, when the check does not accept it: `skipped (compared equal)`.
    private static func mismatches(_ event: BodyEvaluation, _ check: EvaluationCheck) -> Bool {
        guard event.evaluated == check.evaluated else { return true }
        guard let reason = check.reason?.value else { return false }
        let matches: Bool
        switch event.reason {
        case .newIdentity: matches = reason == "identity"
        case .comparedDifferent(.differentAt(let property)): matches = reason == property
        case .comparedDifferent(.customEqualitySaidDifferent): matches = reason == "=="
        case .comparedDifferent(.equal): matches = false
        case .ownStateChanged: matches = reason == "state"
        case .dependencyChanged: matches = reason == "dependency"
        case .environmentChanged: matches = reason == "environment"
        case .comparedEqual: matches = reason == "equal"
        case .parentSkipped: matches = reason == "parent"
        }
        return !matches
    }

    /// The event as code: both values, and the property that made the comparison fail.
    static func explanation(of event: BodyEvaluation) -> String {
        var lines = ["    body(\(event.label)): \(event.reason)"]
        if let previous = event.previous {
            lines.append("      before: \(previous)")
        }
        lines.append("      after:  \(event.value)")
        if let property = event.failedProperty { lines.append("      the comparison failed at \(property)") }
        return lines.joined(separator: "\n")
    }
}
