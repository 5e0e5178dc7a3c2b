import IdentityModel
import Invalidation

/// The views of seed 003's examples, as view values and two-render trees.
enum Seed003Views {
    /// `TemperatureRangeIndicator(temperatureCelsius:)` with its `==` on the range category
    /// (Freezing < 0 ≤ Cold < 15 ≤ Moderate < 25 ≤ Hot), optionally wrapped in `.equatable()`.
    static func indicator(_ celsius: Int, equatable: Bool) -> ViewValue {
        let value = ViewValue(
            "TemperatureRangeIndicator", [StoredProperty("temperatureCelsius", .plain(celsius))],
            equality: .reads([EqualityReading("temperatureCelsius", thresholds: [0, 15, 25])]))
        return equatable ? value.equatable() : value
    }

    /// `WeatherDashboardView` whose `currentTemperature` moved from `from` to `to` (its own state,
    /// read by its body), with the indicator as its child labelled `indicator`.
    static func weather(from: Int, to: Int, equatable: Bool) -> (before: ViewNode, after: ViewNode) {
        let dashboard = ViewValue("WeatherDashboardView", hasState: true)
        let before = ViewNode(
            "dashboard", value: dashboard,
            children: [ViewNode("indicator", steps: steps(0), value: indicator(from, equatable: equatable))])
        let after = ViewNode(
            "dashboard", value: dashboard, stateChange: .changedRead,
            children: [ViewNode("indicator", steps: steps(0), value: indicator(to, equatable: equatable))])
        return (before, after)
    }

    /// `PreferencesContainerView` after `notificationsEnabled` changed: its child
    /// `AppearanceToggleView(isDarkMode:)` labelled `toggle` gets `binding` in both renders
    /// (`bindingAfter` in the second when given).
    static func preferences(_ binding: PropertyValue, bindingAfter: PropertyValue? = nil) -> (before: ViewNode, after: ViewNode) {
        let container = ViewValue("PreferencesContainerView", hasState: true)
        func toggle(_ value: PropertyValue) -> ViewNode {
            ViewNode(
                "toggle", steps: [.container(.VStack), .tuple(slot: 1, presentBefore: 1)],
                value: ViewValue("AppearanceToggleView", [StoredProperty("isDarkMode", value)]))
        }
        return (
            ViewNode("container", value: container, children: [toggle(binding)]),
            ViewNode("container", value: container, stateChange: .changedRead, children: [toggle(bindingAfter ?? binding)])
        )
    }

    /// A parent `List` whose state changed and read, with a child `Row(title:onTap:)` labelled `row`
    /// holding a closure.
    static func closureRow(captures: Bool) -> (before: ViewNode, after: ViewNode) {
        let row = ViewValue("Row", [StoredProperty("title", .plain(1)), StoredProperty("onTap", .closure(capturesContext: captures))])
        let list = ViewValue("ItemList", hasState: true)
        return (
            ViewNode("list", value: list, children: [ViewNode("row", steps: steps(0), value: row)]),
            ViewNode("list", value: list, stateChange: .changedRead, children: [ViewNode("row", steps: steps(0), value: row)])
        )
    }

    /// A parent whose state changed and read, with a child labelled `form` under `.id(generation)`
    /// whose `==` always says equal and which is wrapped in `.equatable()`.
    static func idReset(from: Key, to: Key) -> (before: ViewNode, after: ViewNode) {
        let form = ViewValue("ProfileFormFields", equality: .alwaysTrue, hasState: true).equatable()
        let container = ViewValue("ProfileEditorContainer", hasState: true)
        return (
            ViewNode("container", value: container, children: [ViewNode("form", steps: [.explicitID(from)], value: form)]),
            ViewNode(
                "container", value: container, stateChange: .changedRead,
                children: [ViewNode("form", steps: [.explicitID(to)], value: form)])
        )
    }

    /// Part II strategy item 3 ("non-equatable classes"): a parent whose state changed and read,
    /// with a child `Detail(model:)` labelled `detail` holding a reference to `before`, then `after`.
    static func detail(object before: Int, then after: Int) -> (before: ViewNode, after: ViewNode) {
        detail(.reference(object: before), then: .reference(object: after))
    }

    /// `Screen` (its state changed and read) passing `Detail(model:)` the reference `before`, then `after`.
    static func detail(_ before: PropertyValue, then after: PropertyValue) -> (before: ViewNode, after: ViewNode) {
        func node(_ reference: PropertyValue) -> ViewNode {
            ViewNode("detail", steps: steps(0), value: ViewValue("Detail", [StoredProperty("model", reference)]))
        }
        let screen = ViewValue("Screen", hasState: true)
        return (
            ViewNode("screen", value: screen, children: [node(before)]),
            ViewNode("screen", value: screen, stateChange: .changedRead, children: [node(after)])
        )
    }

    /// The steps of the `slot`-th child of a two-child `VStack`, with nothing absent before it.
    static func steps(_ slot: Int) -> [PathStep] { [.container(.VStack), .tuple(slot: slot, presentBefore: slot)] }
}
