import ArgumentParser
import Foundation
import LemmaLanguage

/// What `--rules` and `diff-rules` take: a named rule set (in every layer that has one of that
/// name) or a rule-set file (`*.rules`, Lemmas/README.md "Rule-set files"), whose diagnostics make
/// it a usage error (exit 2).
enum RulesArgument {
    /// The help text's list of what is accepted.
    static let accepted = "a named rule set (" + RuleSelection.names.joined(separator: ", ") + ") or a rule-set file (*.rules)"

    /// The selection `text` names.
    static func selection(_ text: String) throws -> RuleSelection {
        if let named = RuleSelection.named(text) { return named }
        guard text.hasSuffix(".rules") || FileManager.default.fileExists(atPath: text) else {
            throw UsageError(.unknownRuleSet, "unknown rule set '\(text)'; known: \(RuleSelection.names.joined(separator: ", ")), or a rule-set file (*.rules)")
        }
        let file = RuleSetFile.load(URL(fileURLWithPath: text))
        guard let selection = file.selection else {
            // The diagnostics keep their lines (each ends with its id); the usage code ends a line of its own.
            throw UsageError(.illFormedRuleSetFile, (file.diagnostics.map(\.description) + ["\(text): the rule-set file has errors"]).joined(separator: "\n"))
        }
        return selection
    }
}
