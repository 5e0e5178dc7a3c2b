import Invalidation
import XCTest

/// View values: POD-ness and how they print as the Swift a parent's body would write.
final class ViewValueTests: XCTestCase {
    func testPrintsAsSwift() {
        XCTAssertEqual(
            Seed003Views.indicator(22, equatable: true).description,
            "TemperatureRangeIndicator(temperatureCelsius: 22).equatable()")
        let toggles = ViewValue(
            "Filters",
            [
                StoredProperty("recent", .keyPathBinding(location: 1, keyPath: "[isMember: .recent]", value: 1)),
                StoredProperty("title", .keyPathBinding(location: 2, keyPath: "title", value: 0)),
                StoredProperty("isOn", .projectedBinding(location: 3, value: 0)),
                StoredProperty("manual", .manualBinding(value: 0)),
                StoredProperty("onTap", .closure(capturesContext: true)),
                StoredProperty("model", .observed(object: 4)),
            ])
        XCTAssertEqual(
            toggles.description,
            "Filters(recent: $state1[isMember: .recent], title: $state2.title, isOn: $state3, "
                + "manual: Binding(get: { 0 }, set: { … }), onTap: { … }, model: model4)")
    }

    func testOnlyPlainDataWithoutStateIsPOD() {
        XCTAssertTrue(ViewValue("A", [StoredProperty("x", .plain(1))]).isPOD)
        XCTAssertTrue(ViewValue("Empty").isPOD)
        XCTAssertFalse(ViewValue("A", [StoredProperty("x", .plain(1))], hasState: true).isPOD)
        // A String is compared by value but is not trivial: `_isPOD(String.self)` is false (FINDINGS.md 13).
        XCTAssertFalse(ViewValue("A", [StoredProperty("t", .text("Milk")), StoredProperty("x", .plain(1))]).isPOD)
        for kind in [PropertyValue.text("Milk"), .closure(capturesContext: false), .manualBinding(value: 0), .reference(object: 1)] {
            XCTAssertFalse(ViewValue("A", [StoredProperty("x", kind)]).isPOD, "\(kind)")
        }
    }
}
