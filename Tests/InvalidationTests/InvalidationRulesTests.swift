import Invalidation
import XCTest

/// One test per rule I1–I9 on the rule functions themselves, under the named rule sets.
final class InvalidationRulesTests: XCTestCase {
    private let runtime = InvalidationRules.runtime

    func testI1OnlyASurvivingViewIsCompared() {
        XCTAssertTrue(runtime.i1IdentityGate(survives: true))
        XCTAssertFalse(runtime.i1IdentityGate(survives: false))
    }

    func testI2PODViewIgnoresItsCustomEqualityWithoutEquatable() {
        XCTAssertEqual(runtime.i2ComparisonMode(of: Seed003Views.indicator(18, equatable: false)), .fieldwise)
        XCTAssertEqual(runtime.comparisonMode(of: Seed003Views.indicator(18, equatable: true)), .customEquality)
    }

    func testI2NonPODEquatableViewUsesItsEqualityUnlessPODButNotUnderDesign() {
        let view = ViewValue("Badge", [StoredProperty("model", .reference(object: 1))], equality: .alwaysTrue)
        XCTAssertFalse(view.isPOD)
        XCTAssertEqual(InvalidationRules.runtime.i2ComparisonMode(of: view), .customEquality)
        XCTAssertEqual(InvalidationRules.seed003.i2ComparisonMode(of: view), .customEquality)
        XCTAssertEqual(InvalidationRules.design.i2ComparisonMode(of: view), .fieldwise)
    }

    func testI2AViewWithStateIsNotPOD() {
        let view = ViewValue("Counter", [StoredProperty("step", .plain(1))], equality: .alwaysTrue, hasState: true)
        XCTAssertFalse(view.isPOD)
        XCTAssertEqual(runtime.i2ComparisonMode(of: view), .customEquality)
    }

    func testI2PendingLayoutsCompareEveryViewFieldwiseEvenUnderEquatable() {
        XCTAssertEqual(InvalidationRules.layoutsPending.comparisonMode(of: Seed003Views.indicator(18, equatable: true)), .fieldwise)
    }

    func testI2AViewWithoutEquatableIsComparedFieldwiseEvenIfWrappedFlagIsSet() {
        XCTAssertEqual(runtime.comparisonMode(of: ViewValue("Plain").equatable()), .fieldwise)
    }

    func testI3PlainDataComparesByValueAndNamesTheFirstDifferentField() {
        XCTAssertTrue(runtime.i3PlainDataEqual(3, 3))
        XCTAssertFalse(runtime.i3PlainDataEqual(3, 4))
        let old = ViewValue("Cell", [StoredProperty("a", .plain(1)), StoredProperty("b", .plain(2)), StoredProperty("c", .plain(3))])
        var new = old
        new.properties[1].value = .plain(5)
        new.properties[2].value = .plain(6)
        XCTAssertEqual(runtime.i3FieldwiseDifference(old: old, new: new), "b")
        XCTAssertNil(runtime.i3FieldwiseDifference(old: old, new: old))
    }

    func testI4EquatableAppliesOnlyToAWrappedEquatableViewWithLayoutsReady() {
        XCTAssertTrue(runtime.i4EquatableApplies(to: Seed003Views.indicator(18, equatable: true)))
        XCTAssertFalse(runtime.i4EquatableApplies(to: Seed003Views.indicator(18, equatable: false)))
        XCTAssertFalse(runtime.i4EquatableApplies(to: ViewValue("Plain").equatable()))
        XCTAssertFalse(InvalidationRules.layoutsPending.i4EquatableApplies(to: Seed003Views.indicator(18, equatable: true)))
    }

    func testI4CustomEqualityReadsCategoriesAndConstants() {
        let equality = CustomEquality.reads([EqualityReading("temperatureCelsius", thresholds: [0, 15, 25])])
        let at18 = Seed003Views.indicator(18, equatable: true)
        XCTAssertEqual(runtime.i4CustomEqual(equality, old: at18, new: Seed003Views.indicator(22, equatable: true)), .equal)
        XCTAssertEqual(
            runtime.i4CustomEqual(equality, old: at18, new: Seed003Views.indicator(26, equatable: true)),
            .differentAt("temperatureCelsius"))
        XCTAssertEqual(runtime.i4CustomEqual(.alwaysTrue, old: at18, new: Seed003Views.indicator(-5, equatable: true)), .equal)
        XCTAssertEqual(runtime.i4CustomEqual(.alwaysFalse, old: at18, new: at18), .customEqualitySaidDifferent)
    }

    func testI5ClosuresWithAContextNeverCompareEqual() {
        for rules in InvalidationRules.all {
            XCTAssertFalse(rules.i5ClosureEqual(oldCaptures: true, newCaptures: true), "\(rules)")
        }
        XCTAssertTrue(InvalidationRules.runtime.i5ClosureEqual(oldCaptures: false, newCaptures: false))
        XCTAssertFalse(InvalidationRules.seed003.i5ClosureEqual(oldCaptures: false, newCaptures: false))
    }

    func testI6ManualBindingNeverEqualLocatedBindingsByLocation() {
        XCTAssertFalse(runtime.i6BindingEqual(.manualBinding(value: 0), .manualBinding(value: 0)))
        XCTAssertTrue(runtime.i6BindingEqual(.projectedBinding(location: 1, value: 0), .projectedBinding(location: 1, value: 0)))
        XCTAssertFalse(runtime.i6BindingEqual(.projectedBinding(location: 1, value: 0), .projectedBinding(location: 2, value: 0)))
        let recent = PropertyValue.keyPathBinding(location: 1, keyPath: "[isMember: .recent]", value: 1)
        XCTAssertTrue(runtime.i6BindingEqual(recent, recent))
        XCTAssertFalse(
            runtime.i6BindingEqual(recent, .keyPathBinding(location: 1, keyPath: "[isMember: .favorites]", value: 1)))
    }

    func testI6ValueSnapshotCountsAtRuntimeButNotInSeed003() {
        let old = PropertyValue.projectedBinding(location: 1, value: 0)
        let new = PropertyValue.projectedBinding(location: 1, value: 1)
        XCTAssertFalse(InvalidationRules.runtime.i6BindingEqual(old, new))
        XCTAssertTrue(InvalidationRules.seed003.i6BindingEqual(old, new))
    }

    func testI7ReferencesCompareByIdentity() {
        XCTAssertTrue(runtime.i7ReferenceEqual(7, 7))
        XCTAssertFalse(runtime.i7ReferenceEqual(7, 8))
        let old = ViewValue("Detail", [StoredProperty("model", .observed(object: 1))])
        let new = ViewValue("Detail", [StoredProperty("model", .observed(object: 2))])
        XCTAssertEqual(runtime.compare(old: old, new: new), .differentAt("model"))
    }

    func testI8OnlyAReadStateChangeOrADependencyChangeRunsTheBody() {
        XCTAssertTrue(runtime.i8OwnChange(state: .changedRead, dependencyChanged: false))
        XCTAssertTrue(runtime.i8OwnChange(state: .none, dependencyChanged: true))
        XCTAssertFalse(runtime.i8OwnChange(state: .changedUnread, dependencyChanged: false))
        XCTAssertFalse(runtime.i8OwnChange(state: .none, dependencyChanged: false))
    }

    func testI9AChildIsReachedOnlyThroughItsParent() {
        XCTAssertTrue(runtime.i9ChildReached(parentEvaluated: true))
        XCTAssertFalse(runtime.i9ChildReached(parentEvaluated: false))
    }

    func testI10OnlyADeclaredKeyWhoseValueChangedRunsTheBody() {
        let scheme = [EnvironmentProperty("scheme", key: "colorScheme")]
        XCTAssertEqual(runtime.i10EnvironmentChange(declared: scheme, old: ["colorScheme": 1], new: ["colorScheme": 2]), "colorScheme")
        // Written where it was not (the default before), and no longer written.
        XCTAssertEqual(runtime.i10EnvironmentChange(declared: scheme, old: [:], new: ["colorScheme": 0]), "colorScheme")
        XCTAssertEqual(runtime.i10EnvironmentChange(declared: scheme, old: ["colorScheme": 0], new: [:]), "colorScheme")
        XCTAssertNil(runtime.i10EnvironmentChange(declared: scheme, old: ["colorScheme": 1], new: ["colorScheme": 1]))
        XCTAssertNil(runtime.i10EnvironmentChange(declared: scheme, old: ["locale": 1], new: ["locale": 2]))
        XCTAssertNil(runtime.i10EnvironmentChange(declared: [], old: ["colorScheme": 1], new: ["colorScheme": 2]))
        XCTAssertNil(InvalidationRules.handWritten.i10EnvironmentChange(declared: scheme, old: ["colorScheme": 1], new: ["colorScheme": 2]))
        XCTAssertEqual(
            runtime.mutated(.environmentComparedWhole).i10EnvironmentChange(declared: scheme, old: ["locale": 1], new: ["locale": 2]),
            "locale")
    }

    func testI11ASendSignalsTheViewsObservingTheObject() {
        let detail = ViewValue("Detail", [StoredProperty("model", .observed(object: 1)), StoredProperty("ref", .reference(object: 2))])
        XCTAssertTrue(runtime.i11ObjectSignalled(detail, environmentObjects: [:], sent: [1]))
        XCTAssertFalse(runtime.i11ObjectSignalled(detail, environmentObjects: [:], sent: [2]), "a plain reference is not observed")
        XCTAssertFalse(runtime.i11ObjectSignalled(detail, environmentObjects: [:], sent: []))
        let cart = ViewValue("Cart", environmentObjects: [EnvironmentProperty("store", key: "Store")])
        XCTAssertFalse(cart.isPOD)
        XCTAssertTrue(runtime.i11ObjectSignalled(cart, environmentObjects: ["Store": 1], sent: [1]))
        XCTAssertFalse(runtime.i11ObjectSignalled(cart, environmentObjects: ["Settings": 1], sent: [1]), "found by type")
        XCTAssertFalse(runtime.i11ObjectSignalled(cart, environmentObjects: ["Store": 2], sent: [1]))
        XCTAssertFalse(InvalidationRules.handWritten.i11ObjectSignalled(detail, environmentObjects: [:], sent: [1]))
        let ignoring = runtime.mutated(.environmentObjectsIgnored)
        XCTAssertFalse(ignoring.i11ObjectSignalled(cart, environmentObjects: ["Store": 1], sent: [1]))
        XCTAssertTrue(ignoring.i11ObjectSignalled(detail, environmentObjects: [:], sent: [1]))
    }

    func testI12AStateObjectIsMadeOncePerIdentity() {
        XCTAssertEqual(runtime.i12StateObject(initial: 2, held: 1), 1, "a surviving identity keeps its object")
        XCTAssertEqual(runtime.i12StateObject(initial: 2, held: nil), 2, "a new identity makes it again")
        XCTAssertEqual(InvalidationRules.handWritten.i12StateObject(initial: 2, held: 1), 2)
        XCTAssertEqual(runtime.mutated(.stateObjectRemade).i12StateObject(initial: 2, held: 1), 2)
    }

    func testAnEnvironmentPropertyMakesAViewNonPOD() {
        XCTAssertTrue(ViewValue("Badge", [StoredProperty("n", .plain(1))]).isPOD)
        XCTAssertFalse(ViewValue("Badge", [StoredProperty("n", .plain(1))], environment: [EnvironmentProperty("s", key: "k")]).isPOD)
    }

    func testPropertiesOfDifferentKindsCompareDifferent() {
        let old = ViewValue("Cell", [StoredProperty("x", .plain(1))])
        let new = ViewValue("Cell", [StoredProperty("x", .reference(object: 1))])
        XCTAssertEqual(runtime.compare(old: old, new: new), .differentAt("x"))
    }

    func testNamedRuleSetsAreFoundByName() {
        for rules in InvalidationRules.all { XCTAssertEqual(InvalidationRules.named(rules.name), rules) }
        XCTAssertNil(InvalidationRules.named("nonexistent"))
        XCTAssertEqual(InvalidationRules.runtime.mutated(.plainDataIgnored).name, "runtime+plainDataIgnored")
    }
}
