import Foundation

/// `--sarif FILE`: SARIF 2.1.0, one result per finding (`warning` for a hazard, `note` for a
/// deliberate reset), the rules with their lemma and fix.
public enum SARIFOutput {
    public static func data(_ report: AnalysisReport, toolVersion: String = "0.1.0") throws -> Data {
        let rules: [[String: Any]] = Rule.allCases.map { rule in
            [
                "id": rule.rawValue, "name": rule.name,
                "shortDescription": ["text": rule.name],
                "help": ["text": rule.fix],
                "defaultConfiguration": ["level": rule.level.rawValue],
                "properties": ["lemma": rule.lemma],
            ]
        }
        let results: [[String: Any]] = report.findings.map { f in
            [
                "ruleId": f.rule.rawValue,
                "ruleIndex": Rule.allCases.firstIndex(of: f.rule)!,
                "level": f.level.rawValue,
                "message": ["text": "\(f.message). Counterexample: \(f.counterexample.change) -> \(f.counterexample.effect). Fix: \(f.rule.fix)"],
                "locations": [[
                    "physicalLocation": [
                        "artifactLocation": ["uri": f.site.file],
                        "region": ["startLine": f.site.line, "startColumn": f.site.column],
                    ]
                ]],
                "properties": [
                    "lemma": f.rule.lemma, "view": f.view, "rules": f.rules,
                    "renderBefore": f.counterexample.before, "renderAfter": f.counterexample.after,
                ],
            ]
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "swiftui-identity-lint", "version": toolVersion, "rules": rules,
                ]],
                "results": results,
            ]],
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}
