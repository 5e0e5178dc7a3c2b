import IdentityModel
import XCTest

/// Drives a `RuntimeState` with renders written in the render syntax.
struct TraceHarness {
    var state: RuntimeState

    init(_ rules: RuleSet = .runtime) { state = RuntimeState(rules: rules) }

    @discardableResult
    mutating func render(_ text: String) throws -> RenderReport {
        try state.render(try RenderParser.parse(text))
    }

    mutating func set(_ label: String, _ value: Int) throws { try state.mutateState(.label(label), to: value) }
}

/// The (outcome, value) of every labelled view.
func summary(_ report: RenderReport) -> [String: String] {
    var result: [String: String] = [:]
    for view in report.views { if let label = view.path.label { result[label] = "\(view.outcome) \(view.value)" } }
    for label in report.removed { result[label] = "removed" }
    return result
}

func assertOutcomes(
    _ report: RenderReport, _ expected: [String: String], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(summary(report), expected, file: file, line: line)
}
