import IdentityModel
import Invalidation
import XCTest

/// Seed 003's examples, each as two renders and the bodies the second one evaluates.
final class Seed003ExampleTests: XCTestCase {
    private func events(_ renders: (before: ViewNode, after: ViewNode), _ rules: InvalidationRules = .runtime)
        -> [String: EvaluationReason]
    {
        let events = BodyEvaluator(rules: rules).evaluate(before: renders.before, after: renders.after)
        return Dictionary(events.map { ($0.label, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }

    /// Part II, "The Plain Old Data Exception": 18 °C → 22 °C, same category, but the view is POD.
    func testTemperatureRangeCustomEqualityIgnoredOnAPODView() {
        for rules in InvalidationRules.all {
            XCTAssertEqual(
                events(Seed003Views.weather(from: 18, to: 22, equatable: false), rules)["indicator"],
                .comparedDifferent(.differentAt("temperatureCelsius")), "\(rules)")
        }
    }

    /// Part II, "Enforcing Custom Equality with EquatableView": `.equatable()` honours `==`.
    func testTemperatureRangeCustomEqualityHonouredWithEquatable() {
        let reasons = events(Seed003Views.weather(from: 18, to: 22, equatable: true))
        XCTAssertEqual(reasons["dashboard"], .ownStateChanged)
        XCTAssertEqual(reasons["indicator"], .comparedEqual)
        XCTAssertEqual(
            events(Seed003Views.weather(from: 18, to: 26, equatable: true))["indicator"],
            .comparedDifferent(.differentAt("temperatureCelsius")))
    }

    /// Not in the seed: before comparison layouts are ready, even `.equatable()` compares bitwise.
    func testTemperatureRangeEquatableBeforeLayoutsAreReady() {
        XCTAssertEqual(
            events(Seed003Views.weather(from: 18, to: 22, equatable: true), .layoutsPending)["indicator"],
            .comparedDifferent(.differentAt("temperatureCelsius")))
    }

    /// Part III, `AppearanceToggleView(isDarkMode: $darkModeEnabled)`: not recomputed.
    func testProjectedBindingKeepsTheComparison() {
        for rules in InvalidationRules.all {
            XCTAssertEqual(
                events(Seed003Views.preferences(.projectedBinding(location: 2, value: 0)), rules)["toggle"], .comparedEqual,
                "\(rules)")
        }
    }

    /// Part III, `Binding(get: { darkModeEnabled }, set: …)`: recomputed on every parent render.
    func testManualBindingDefeatsTheComparison() {
        for rules in InvalidationRules.all {
            XCTAssertEqual(
                events(Seed003Views.preferences(.manualBinding(value: 0)), rules)["toggle"],
                .comparedDifferent(.differentAt("isDarkMode")), "\(rules)")
        }
    }

    /// Part IV, `$activeFilters[isMember: .recent]`: the subscript key path keeps the comparison.
    func testSubscriptKeyPathBindingKeepsTheComparison() {
        let binding = PropertyValue.keyPathBinding(location: 1, keyPath: "[isMember: .recent]", value: 1)
        XCTAssertEqual(events(Seed003Views.preferences(binding))["toggle"], .comparedEqual)
    }

    /// Part III says a projected binding compares by its storage; `Binding._value` makes a changed
    /// value compare different at runtime.
    func testProjectedBindingWithAChangedValueDiffersOnlyAtRuntime() {
        let renders = Seed003Views.preferences(
            .projectedBinding(location: 2, value: 0), bindingAfter: .projectedBinding(location: 2, value: 1))
        XCTAssertEqual(events(renders, .runtime)["toggle"], .comparedDifferent(.differentAt("isDarkMode")))
        XCTAssertEqual(events(renders, .seed003)["toggle"], .comparedEqual)
    }

    /// Part II strategy item 3 says a class forces re-evaluation; a reference to the same object
    /// compares equal (identity), a new object does not.
    func testReferenceComparesByIdentity() {
        XCTAssertEqual(events(Seed003Views.detail(object: 1, then: 1))["detail"], .comparedEqual)
        XCTAssertEqual(events(Seed003Views.detail(object: 1, then: 2))["detail"], .comparedDifferent(.differentAt("model")))
    }

    /// Part II strategy item 3: a closure property forces re-evaluation.
    func testClosurePropertyForcesReevaluation() {
        for rules in InvalidationRules.all {
            XCTAssertEqual(
                events(Seed003Views.closureRow(captures: true), rules)["row"], .comparedDifferent(.differentAt("onTap")),
                "\(rules)")
        }
    }

    /// Not settled by the source: a closure that captures nothing compares equal bitwise.
    func testContextFreeClosureDependsOnTheClosureOption() {
        XCTAssertEqual(events(Seed003Views.closureRow(captures: false), .runtime)["row"], .comparedEqual)
        XCTAssertEqual(
            events(Seed003Views.closureRow(captures: false), .seed003)["row"], .comparedDifferent(.differentAt("onTap")))
    }

    /// Part I: an identity change bypasses equality, even an `==` that always says equal.
    func testIdentityChangeBypassesEquality() {
        XCTAssertEqual(events(Seed003Views.idReset(from: 0, to: 1))["form"], .newIdentity)
        XCTAssertEqual(events(Seed003Views.idReset(from: 0, to: 0))["form"], .comparedEqual)
    }
}
