import IdentityModel
import Invalidation
import XCTest

/// Every case holds under its rule set, and every mutant changes the verdict of at least one case.
final class InvalidationMutationTests: XCTestCase {
    /// The cases, each with the labels whose bodies run under its rules.
    private var cases: [TransitionCase] {
        let weather = Seed003Views.weather(from: 18, to: 22, equatable: false)
        let weatherEquatable = Seed003Views.weather(from: 18, to: 22, equatable: true)
        let closure = Seed003Views.closureRow(captures: true)
        let manual = Seed003Views.preferences(.manualBinding(value: 0))
        let reference = Seed003Views.detail(object: 1, then: 2)
        let equatableReference = Seed003Views.detail(
            .equatableReference(object: 1, value: 7), then: .equatableReference(object: 2, value: 7))
        let idReset = Seed003Views.idReset(from: 0, to: 1)
        func range(_ lo: Int, _ hi: PropertyValue) -> PropertyValue {
            .structure(StructureValue("Range", [StoredProperty("lo", .plain(lo)), StoredProperty("hi", hi)], reads: ["lo"]))
        }
        let podStructure = Seed003Views.detail(range(1, .plain(2)), then: range(1, .plain(3)))
        let structure = Seed003Views.detail(range(1, .text("a")), then: range(1, .text("b")))
        var quietParent = closure.before
        quietParent.children[0].stateChange = .changedRead
        let counter = { (initial: Int) in
            ViewNode("parent", value: ViewValue("Parent", hasState: true, initialState: 0), stateChange: .changedRead, children: [
                ViewNode("counter", value: ViewValue("Counter", hasState: true, initialState: initial))
            ])
        }
        var observer = closure.before
        observer.children[0].observedObjectChanged = true
        var flaggedParent = closure.before
        flaggedParent.children[0].stateChange = .changedUnread
        flaggedParent.children[0].locationWasRead = true
        // A parent whose state changes, a child compared equal that writes nothing, and below it a
        // reader of key `k`; only key `m` changes above the child.
        let reader = ViewNode("reader", value: ViewValue("Reader", environment: [EnvironmentProperty("scheme", key: "k")]))
        let environmentBefore = ViewNode(
            "root", value: ViewValue("Root", hasState: true),
            children: [ViewNode("panel", value: ViewValue("Panel"), environment: ["k": 1, "m": 1], children: [reader])])
        var otherKey = environmentBefore
        otherKey.stateChange = .changedRead
        otherKey.children[0].environment["m"] = 2
        otherKey.children[0].children[0].environment = ["k": 1, "m": 2]
        var environmentBeforeReader = environmentBefore
        environmentBeforeReader.children[0].children[0].environment = ["k": 1, "m": 1]
        // Object 1, a Store written above a view compared equal, sends; a cart below finds it by type.
        let cart = ViewNode(
            "cart", value: ViewValue("Cart", environmentObjects: [EnvironmentProperty("store", key: "Store")]),
            environmentObjects: ["Store": 1])
        let storeBefore = ViewNode(
            "root", value: ViewValue("Root"),
            children: [ViewNode("panel", value: ViewValue("Panel"), environmentObjects: ["Store": 1], children: [cart])])
        var storeSent = storeBefore
        storeSent.objectsSent = [1]
        storeSent.children[0].objectsSent = [1]
        storeSent.children[0].children[0].objectsSent = [1]
        // A parent whose state changed, above an unchanged POD badge under `.equatable()` whose `==` says false.
        let badge = ViewNode("screen", value: ViewValue("Screen", hasState: true), stateChange: .changedRead, children: [
            ViewNode("badge", value: ViewValue("Badge", [StoredProperty("count", .plain(1))], equality: .alwaysFalse, isEquatableWrapped: true))
        ])
        return [
            TransitionCase(
                name: "unchanged equatable POD badge, == false", rules: .runtime, before: badge, after: badge,
                expected: ["screen": true, "badge": false]),
            TransitionCase(
                name: "the same State initial value", rules: .runtime, before: counter(5), after: counter(5),
                expected: ["parent": true, "counter": false]),
            TransitionCase(
                name: "POD indicator ignores ==", rules: .runtime, before: weather.before, after: weather.after,
                expected: ["dashboard": true, "indicator": true]),
            TransitionCase(
                name: "equatable indicator honours ==", rules: .runtime, before: weatherEquatable.before,
                after: weatherEquatable.after, expected: ["dashboard": true, "indicator": false]),
            TransitionCase(
                name: "closure row", rules: .runtime, before: closure.before, after: closure.after,
                expected: ["list": true, "row": true]),
            TransitionCase(
                name: "manual binding", rules: .runtime, before: manual.before, after: manual.after,
                expected: ["container": true, "toggle": true]),
            TransitionCase(
                name: "new object", rules: .runtime, before: reference.before, after: reference.after,
                expected: ["screen": true, "detail": true]),
            TransitionCase(
                name: "new Equatable object, == equal", rules: .runtime, before: equatableReference.before,
                after: equatableReference.after, expected: ["screen": true, "detail": false]),
            TransitionCase(
                name: "POD struct, == equal", rules: .runtime, before: podStructure.before, after: podStructure.after,
                expected: ["screen": true, "detail": true]),
            TransitionCase(
                name: "non-POD struct, == equal", rules: .runtime, before: structure.before, after: structure.after,
                expected: ["screen": true, "detail": false]),
            TransitionCase(
                name: ".id change", rules: .runtime, before: idReset.before, after: idReset.after,
                expected: ["container": true, "form": true]),
            TransitionCase(
                name: "own state under a quiet parent", rules: .runtime, before: closure.before, after: quietParent,
                expected: ["list": false, "row": true]),
            TransitionCase(
                name: "unread state whose storage a binding read", rules: .runtime, before: closure.before,
                after: flaggedParent, expected: ["list": false, "row": true]),
            TransitionCase(
                name: "unread state as declared (handWritten)", rules: .handWritten, before: closure.before,
                after: flaggedParent, expected: ["list": false, "row": false]),
            TransitionCase(
                name: "a new State initial value", rules: .runtime, before: counter(5), after: counter(7),
                expected: ["parent": true, "counter": true]),
            TransitionCase(
                name: "a new State initial value (handWritten)", rules: .handWritten, before: counter(5), after: counter(7),
                expected: ["parent": true, "counter": false]),
            TransitionCase(
                name: "an observable property it did not read", rules: .runtime, before: closure.before, after: observer,
                expected: ["list": false, "row": false]),
            TransitionCase(
                name: "closure under a quiet parent", rules: .runtime, before: closure.before, after: closure.before,
                expected: ["list": false, "row": false]),
            TransitionCase(
                name: "an environment object sends", rules: .runtime, before: storeBefore, after: storeSent,
                expected: ["root": false, "panel": false, "cart": true]),
            TransitionCase(
                name: "another environment key changes", rules: .runtime, before: environmentBeforeReader, after: otherKey,
                expected: ["root": true, "panel": false, "reader": false]),
        ]
    }

    func testEveryCaseHoldsUnderItsRules() {
        for test in cases { XCTAssertEqual(test.run(test.rules), test.expected, test.name) }
    }

    /// I12 decides which object a view holds across renders, which the scenario runner keeps per
    /// identity (as @State's values), not `BodyEvaluator` on one pair of trees: its mutant is
    /// checked end to end (`DeclaredDependencyScenarioTests.testAStateObjectLivesAsLongAsItsIdentity`).
    /// So does I8's `i8SetCommits`, which makes a `set` a state change before the trees are built:
    /// its mutant is checked by `Lemmas/invalidation/mutations.lemma` (`InvalidationStateSetTests`).
    /// So does I8's `i8Tracking`, what a body's tracking holds after a render: its mutant is
    /// checked by `Lemmas/invalidation/observable-tracking.lemma` (`ObservableTrackingTests`). So
    /// does I8's `i8StateAfter`, what a state holds after each transition: its mutants are checked
    /// by `Lemmas/invalidation/red-team-renders.lemma` (`StateCarryMutantTests`).
    private static let acrossRenders: Set<InvalidationMutation> = [
        .stateObjectRemade, .equalSetCommits, .trackingReplacedEachEvaluation, .firedTrackingKept, .skippedBodyReadsTracked,
        .readsNotRecorded, .setAppliedAgain, .stateCarriedToNewIdentity,
    ]

    func testEveryMutantChangesSomeVerdict() {
        for mutation in InvalidationMutation.allCases where !Self.acrossRenders.contains(mutation) {
            let killers = cases.filter { $0.run($0.rules.mutated(mutation)) != $0.expected }.map(\.name)
            XCTAssertFalse(killers.isEmpty, "\(mutation) changes no verdict")
        }
    }

    /// Each mutant's designated case: the one its rule is about.
    func testEachMutantChangesItsOwnCase() {
        let designated: [InvalidationMutation: String] = [
            .identityChangeCompared: ".id change",
            .podHonoursCustomEquality: "POD indicator ignores ==",
            .plainDataIgnored: "POD indicator ignores ==",
            .equatableViewIgnored: "equatable indicator honours ==",
            .closuresCompareEqual: "closure row",
            .manualBindingComparesEqual: "manual binding",
            .referencesAlwaysEqual: "new object",
            .ownChangeIgnored: "own state under a quiet parent",
            .childrenAlwaysCompared: "closure under a quiet parent",
            .equatableReferencesByIdentity: "new Equatable object, == equal",
            .nestedEqualityIgnored: "non-POD struct, == equal",
            .nestedEqualityAlwaysUsed: "POD struct, == equal",
            .readFlagNotShared: "unread state whose storage a binding read",
            .stateInitialValueIgnored: "a new State initial value",
            .observationPerObject: "an observable property it did not read",
            .environmentComparedWhole: "another environment key changes",
            .environmentObjectsIgnored: "an environment object sends",
            .nonPODFieldsAlwaysDiffer: "the same State initial value",
            .equatablePODBitsIgnored: "unchanged equatable POD badge, == false",
        ]
        XCTAssertEqual(Set(designated.keys).union(Self.acrossRenders), Set(InvalidationMutation.allCases))
        for (mutation, name) in designated {
            guard let test = cases.first(where: { $0.name == name }) else { return XCTFail("no case \(name)") }
            XCTAssertNotEqual(test.run(test.rules.mutated(mutation)), test.expected, "\(mutation) on \(name)")
        }
    }

    /// A mutant breaks exactly its own rule: on every rule's probe it agrees with the real rules
    /// except on the rule it names, where it differs under `runtime`. (Under `layoutsPending` the
    /// `.equatable()` and POD choices are not made, so their mutants change nothing there.)
    func testEachMutantBreaksExactlyItsRule() {
        XCTAssertEqual(RuleProbe.all.map(\.rule), (1...12).map { "I\($0)" })
        for mutation in InvalidationMutation.allCases {
            for base in InvalidationRules.all {
                let broken = RuleProbe.all.filter { $0.outputs(base) != $0.outputs(base.mutated(mutation)) }.map(\.rule)
                if base == .runtime {
                    XCTAssertEqual(broken, [mutation.rule], "\(mutation) under \(base)")
                } else {
                    XCTAssertTrue(Set(broken).isSubset(of: [mutation.rule]), "\(mutation) under \(base) breaks \(broken)")
                }
            }
        }
    }
}
