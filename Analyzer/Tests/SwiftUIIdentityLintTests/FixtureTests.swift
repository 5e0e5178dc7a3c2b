import IdentityModel
import SwiftUIIdentityLint
import XCTest

/// Every rule's positive, negative and fixed fixture, asserted by rule id, line and column.
final class FixtureTests: XCTestCase {
    private func check(_ name: String, rules: RuleSet = .runtime, _ expected: [Expected], file: StaticString = #filePath, line: UInt = #line) throws {
        let report = try FixtureSupport.analyze(name, rules: rules)
        XCTAssertEqual(report.diagnostics, [], name, file: file, line: line)
        XCTAssertEqual(report.located, expected, name, file: file, line: line)
        for finding in report.findings {
            XCTAssertFalse(finding.counterexample.before.isEmpty, file: file, line: line)
            XCTAssertNotEqual(finding.counterexample.before + finding.counterexample.change, finding.counterexample.after, file: file, line: line)
        }
    }

    func testSIL001ConditionalModifier() throws {
        try check("SIL001/positive.swift", [Expected(rule: "SIL001", line: 11, column: 9)])
        try check("SIL001/negative.swift", [])
        try check("SIL001/fixed.swift", [])
    }

    func testSIL002SelfKeyedMutableRows() throws {
        try check("SIL002/positive.swift", [Expected(rule: "SIL002", line: 13, column: 13)])
        try check("SIL002/negative.swift", [])
        try check("SIL002/fixed.swift", [])
    }

    func testSIL003AnyViewTypeFlip() throws {
        try check("SIL003/positive.swift", [Expected(rule: "SIL003", line: 18, column: 20)])
        // The same erased type on both paths keeps the state under the runtime rules (R5)...
        try check("SIL003/negative.swift", [])
        // ...and not under `documented`, whose AnyView is opaque: the finding follows the rule set.
        try check("SIL003/negative.swift", rules: .documented, [Expected(rule: "SIL003", line: 18, column: 20)])
        try check("SIL003/fixed.swift", [])
    }

    func testSIL004NotNilReadTwiceOnlyOnIOS18_0() throws {
        try check("SIL004/positive.swift", rules: .ios18_0, [Expected(rule: "SIL004", line: 12, column: 9)])
        try check("SIL004/negative.swift", rules: .runtime, [])
        try check("SIL004/negative.swift", rules: .ios18_4, [])
        try check("SIL004/fixed.swift", rules: .ios18_0, [])
    }

    func testSIL005IDNewEachRender() throws {
        try check("SIL005/positive.swift", [Expected(rule: "SIL005", line: 12, column: 18)])
        try check("SIL005/negative.swift", [])
        try check("SIL005/fixed.swift", [])
    }

    func testSIL006StatefulViewInBothArms() throws {
        try check("SIL006/positive.swift", [Expected(rule: "SIL006", line: 14, column: 13)])
        try check("SIL006/negative.swift", [])
        try check("SIL006/fixed.swift", [])
    }

    func testSIL007StateSeededFromInit() throws {
        try check("SIL007/positive.swift", [Expected(rule: "SIL007", line: 7, column: 9)])
        try check("SIL007/negative.swift", [])
        try check("SIL007/fixed.swift", [])
    }

    func testSIL008IndexKeyedRows() throws {
        try check("SIL008/positive.swift", [
            Expected(rule: "SIL008", line: 13, column: 13), Expected(rule: "SIL008", line: 16, column: 13),
        ])
        try check("SIL008/negative.swift", [])
        try check("SIL008/fixed.swift", [])
    }

    func testSIL009DeliberateIDResetIsANote() throws {
        try check("SIL009/positive.swift", [Expected(rule: "SIL009", line: 13, column: 14)])
        XCTAssertEqual(try FixtureSupport.analyze("SIL009/positive.swift").findings.first?.rule.level, .note)
        try check("SIL009/negative.swift", [])
        // The fixed form says why the reset is wanted: suppressed, and kept in the report as such.
        try check("SIL009/fixed.swift", [])
        XCTAssertEqual(try FixtureSupport.analyze("SIL009/fixed.swift").suppressed.map(\.rule), [.deliberateIDReset])
    }

    func testSIL010ManualBinding() throws {
        try check("SIL010/positive.swift", [Expected(rule: "SIL010", line: 11, column: 26)])
        try check("SIL010/negative.swift", [])
        try check("SIL010/fixed.swift", [])
    }

    func testSIL011Closure() throws {
        try check("SIL011/positive.swift", [Expected(rule: "SIL011", line: 12, column: 9)])
        try check("SIL011/negative.swift", [])
        try check("SIL011/fixed.swift", [])
    }

    /// Every rule has its three fixtures.
    func testEveryRuleHasItsFixtures() {
        for rule in Rule.allCases {
            for form in ["positive", "negative", "fixed"] {
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: FixtureSupport.path("\(rule.rawValue)/\(form).swift")),
                    "\(rule.rawValue)/\(form).swift")
            }
        }
    }
}
