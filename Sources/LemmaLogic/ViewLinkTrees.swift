import IdentityModel
import Invalidation

/// A `ViewLink` as two renders of a view tree that `BodyEvaluator` runs: a root `Parent` whose body
/// makes the view, `View(p0: …, …).id(k) @view`, or `AnyView(ViewA(…)).id(k) @view` then
/// `AnyView(ViewB(…)).id(k) @view` when the earlier view is another type (`PlaceTypeNames`). The
/// parent runs when the link says so (a closure with context among its properties and a read state
/// change: two rules, so no single broken rule stops it); the view survives when `k` stays 0. What
/// the trees do is observed, not assumed.
package struct ViewLinkTrees: Sendable {
    package var before: ViewNode
    package var after: ViewNode
    /// The label of the view the link is about.
    package static let viewLabel = "view"
    package static let parentLabel = "parent"

    /// The trees of `link`. A user's set of the view's state (`link.stateSet`) is applied between
    /// the renders as a scenario's `set` is: whether it changes the state follows from `rules`
    /// (`StateSet.change`: a set of an equal value commits nothing, and a view whose `.id` changed
    /// is a new view with fresh state), not from the link's claim, which the replay compares.
    package init(_ link: ViewLink, rules: InvalidationRules = .runtime) {
        let parentValue = link.parentEvaluated
            ? ViewValue("Parent", [StoredProperty("action", .closure(capturesContext: true))], hasState: true)
            : ViewValue("Parent")
        let named = PlaceTypeNames.named([link.oldValue, link.newValue])
        // The earlier render's body read what the tracking holds (every body runs in a first
        // render); the later one's reads what the link says, after each change set its property to 1.
        func view(
            _ value: ViewValue, key: Int, stateChange: StateChange, signalled: Bool, observed: (Bool, Bool), environment: [String: Int],
            sent: [Int] = [], reads: Set<Int>, changes: Set<Int> = []
        ) -> ViewNode {
            ViewNode(
                Self.viewLabel, steps: PlaceTypeNames.steps(key: key, value: value, erased: named.erased), value: value,
                stateChange: stateChange,
                dependencyChanged: signalled, environment: environment, environmentObjects: link.environmentObjects, objectsSent: sent,
                observedReadChanged: observed.0, observedObjectChanged: observed.1, observedReads: Set(reads.map(ViewLink.observedProperty)),
                observableChanges: Dictionary(uniqueKeysWithValues: changes.map { (ViewLink.observedProperty($0), 1) }))
        }
        let environments = link.environments
        before = ViewNode(
            Self.parentLabel, value: parentValue,
            children: [view(
                named.values[0], key: 0, stateChange: .none, signalled: false, observed: (false, false), environment: environments.before,
                reads: link.tracked)])
        after = ViewNode(
            Self.parentLabel, value: parentValue, stateChange: link.parentEvaluated ? .changedRead : .none,
            children: [view(
                named.values[1], key: link.survives ? 0 : 1,
                stateChange: link.stateSet.map { $0.change(survives: link.survives, under: rules) } ?? link.stateChange,
                signalled: link.signalled,
                observed: link.observedChanges, environment: environments.after,
                sent: link.objectsSent.sorted().map(link.objectNumber), reads: link.reads, changes: link.propertyChanges)])
    }

    /// What `BodyEvaluator` under `rules` and `identityRules` does with the trees.
    package func observe(rules: InvalidationRules, identityRules: RuleSet) -> ViewLinkObservation {
        let evaluator = BodyEvaluator(identityRules: identityRules, rules: rules)
        let (events, survives) = evaluator.evaluateWithSurvival(before: before, after: after)
        return ViewLinkObservation(parent: events[0], view: events[1], survives: survives[1], stateChange: after.children[0].stateChange)
    }

    /// The two renders as code (`RenderPrinter`), with the state changes between them.
    package var code: (before: String, after: String) {
        (RenderPrinter.print(before), RenderPrinter.print(after))
    }
}

/// What `BodyEvaluator` did with a link's trees.
package struct ViewLinkObservation: Sendable {
    /// The parent's `body(parent)` event.
    package var parent: BodyEvaluation
    /// The view's `body(view)` event.
    package var view: BodyEvaluation
    /// Whether the view's identity was in the earlier render.
    package var survives: Bool
    /// The view's own state change the later tree carries (a set's, when the link has one).
    package var stateChange: StateChange = .none

    /// The property whose comparison said different, with its old and new values, when that is
    /// why the view ran: `p1: { … } -> { … }`.
    package var failedProperty: String? { view.failedProperty }
}
