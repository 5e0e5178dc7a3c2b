import Foundation
import IdentityModel
import SwiftUIIdentityLint
import XCTest

/// The fixtures' folder and a run of the analyzer on one of them.
enum FixtureSupport {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func analyze(_ name: String, rules: RuleSet = .runtime) throws -> AnalysisReport {
        let path = path(name)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Analyzer(rules: rules).analyze([(path, text)])
    }

    static func analyze(source: String, rules: RuleSet = .runtime) -> AnalysisReport {
        Analyzer(rules: rules).analyze([("Test.swift", source)])
    }
}

/// A finding as the fixture tables state it.
struct Expected: Equatable, CustomStringConvertible {
    var rule: String
    var line: Int
    var column: Int
    var description: String { "\(rule)@\(line):\(column)" }
}

extension AnalysisReport {
    var located: [Expected] { findings.map { Expected(rule: $0.rule.rawValue, line: $0.site.line, column: $0.site.column) } }
}
