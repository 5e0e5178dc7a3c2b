import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic

/// What an invalidation item can exercise of the rules, read from its syntax alone: for a scenario,
/// what its view trees hold and its steps do; for a lemma, what its views can hold (every kind of
/// property, `==`, `.equatable()`, `@State`, a parent and an own change: its views range over them
/// unless an assumption rules them out, which this does not read) and the dependency atoms it names.
/// `Mutant.canChange(_:)` decides from it; every field errs towards "may".
struct InvalidationFootprint: Hashable, Sendable {
    /// The kinds of stored property some view may hold (I3, I5–I7).
    var propertyKinds: Set<PropertyKind>
    /// Some view may declare an `==` (I2, I4).
    var customEquality: Bool
    /// Some view may be wrapped in `.equatable()` (I4).
    var equatableWrapped: Bool
    /// Some view may be non-POD (I3's field-by-field comparison of a non-POD view).
    var nonPOD: Bool
    /// Some view may declare `@State`, whose initial value I3 compares.
    var state: Bool
    /// Some view may be made by a body that may not run (I9).
    var children: Bool
    /// Some view may have an own change: a state set, a signal, an `@Observable` change, a send,
    /// or a change of an environment key it declares (I8, I10, I11).
    var ownChanges: Bool
    /// A state or an `@Observable` property may be set (I8's `i8SetCommits`).
    var sets: Bool
    /// A state change its owner's body did not read may be met by a read flag set by another view
    /// (I8's sticky flag): `set … unread`, or a lemma's `holdsBindingOf`.
    var unreadChanges: Bool
    /// An `@Observable` property may change (I8 "@Observable").
    var observableChanges: Bool
    /// Some view may declare an `@Environment` key (I10).
    var environmentKeys: Bool
    /// Some view may find an `@EnvironmentObject` (I11).
    var environmentObjects: Bool
    /// Some view may hold an `@StateObject` (I12).
    var stateObjects: Bool
    /// The kinds of step on the paths of its views, through which the identity rules decide survival.
    var stepKinds: Set<StepKind>
    /// Whether the verdict rests on the identity rules making its trees realizable
    /// (`InvalidationJudgement.realizabilityShortfall`: `AnyView`'s rule and atomic body reads).
    var readsRealizabilityPremise: Bool
    /// The identity mutants under which whether a view may be revived (`Revival.possible`) is other
    /// than under the lemma's identity rules: Z3 leaves a revived link free, so they may change it.
    var revivalMutants: Set<RuleMutation> = []
}

extension InvalidationFootprint {
    /// What `scenario`'s render blocks and steps use.
    init(_ scenario: CheckedScenario) {
        let views = scenario.viewTrees.flatMap(\.root.preorder)
        let values = views.map(\.value)
        var sets = false, unread = false, signals = false, observableSets = false, sends = false
        for step in scenario.steps {
            switch step.kind {
            case .set: sets = true
            case .setUnread: (sets, unread) = (true, true)
            case .signal: signals = true
            case .setObservable: observableSets = true
            case .send, .sendUnobserved: sends = true
            case .render, .outcome, .value, .undefined, .evaluation: break
            }
        }
        let environmentKeys = values.contains { !$0.environment.isEmpty }
        self.init(
            propertyKinds: Set(values.flatMap { $0.properties.map(\.value.kind) }),
            customEquality: values.contains { $0.equality != nil },
            equatableWrapped: values.contains(where: \.isEquatableWrapped),
            nonPOD: values.contains { !$0.isPOD },
            state: values.contains { $0.hasState || $0.initialState != nil },
            children: views.contains { !$0.children.isEmpty },
            ownChanges: sets || signals || observableSets || sends || environmentKeys,
            sets: sets || observableSets,
            unreadChanges: unread,
            observableChanges: observableSets,
            environmentKeys: environmentKeys,
            environmentObjects: sends && values.contains { !$0.environmentObjects.isEmpty },
            stateObjects: scenario.viewTrees.contains { $0.stateObjects.values.contains { !$0.isEmpty } },
            stepKinds: Set(views.flatMap { $0.steps.map(\.kind) }),
            readsRealizabilityPremise: false)
    }

    /// What an invalidation lemma's views can be: anything but the dependencies it does not name.
    /// Its trees (`ViewLinkTrees`, `ViewChainTrees`) place each view below `.id(k)`, a row (`rowOf`)
    /// in a `ForEach`.
    init(_ lemma: CheckedLemma, _ invalidation: CheckedInvalidationLemma) {
        let spec = InvalidationLemmaSpec(
            name: lemma.name, paths: lemma.paths.map(\.name), rules: invalidation.ruleSet, identityRules: lemma.ruleSet,
            expectation: lemma.expectation, assumptions: invalidation.assumptions, conclusion: invalidation.conclusion)
        self.init(
            propertyKinds: Set(PropertyKind.allCases), customEquality: true, equatableWrapped: true, nonPOD: true, state: true,
            children: true, ownChanges: true, sets: !invalidation.mutated.isEmpty, unreadChanges: !spec.bindingPairs.isEmpty,
            observableChanges: !invalidation.observableProperties.isEmpty, environmentKeys: !invalidation.environmentKeys.isEmpty,
            environmentObjects: !invalidation.objects.isEmpty, stateObjects: spec.namesStateObject,
            stepKinds: invalidation.rows.isEmpty ? [.explicitID] : [.explicitID, .forEach],
            readsRealizabilityPremise: true,
            revivalMutants: Set(RuleMutation.allCases.filter {
                Revival.possible(under: lemma.ruleSet.mutated($0)) != Revival.possible(under: lemma.ruleSet)
            }))
    }
}
