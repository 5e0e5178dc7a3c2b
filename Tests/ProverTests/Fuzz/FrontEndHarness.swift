import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import Prover
import Scenarios
import TestSupport

/// One input through everything a run does before the solver: lexer, parser, imports, checker
/// (predicates expanded, uses resolved, render blocks parsed, labels checked), lowering of each
/// lemma, each scenario run through the semantics with Z3's ground cross-check, and the rule-set
/// file parsed and resolved. A trap or stack overflow ends the process (the fuzz script keeps the
/// input); anything else wrong is returned as a problem.
enum FrontEndHarness {
    /// What was wrong with the front end's answer to `input`, if anything.
    static func problems(_ input: FuzzInput) -> [String] {
        var problems: [String] = []
        let result: LemmaLoader.Result
        if input.importsFiles {
            // Imports are read from disk, inside the lemma root `lemmas/`, as a run reads them.
            let folder = TemporaryFolder.path("fuzz-frontend")
            defer { try? FileManager.default.removeItem(at: folder) }
            do { try input.write(to: folder) } catch { return ["cannot write the input: \(error)"] }
            let lemmas = folder.appendingPathComponent("lemmas")
            result = LemmaLoader(root: lemmas).load(files: [folder.appendingPathComponent(FuzzInput.mainPath)])
        } else {
            // As the command line reads a file: invalid UTF-8 becomes U+FFFD.
            result = LemmaLoader().load(sources: [SourceFile(path: "fuzz.lemma", text: String(decoding: input.main, as: UTF8.self))])
        }
        let sources = Dictionary(result.sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for diagnostic in result.diagnostics {
            problems += located(diagnostic)
            _ = sources[diagnostic.location.file]?.annotate(diagnostic).description
        }
        if result.files.isEmpty { problems.append("no file in the result") }
        for lemma in result.lemmas {
            if !RuleSet.all.contains(lemma.ruleSet) { problems.append("lemma \(lemma.name) checked with unknown rules \(lemma.ruleSet)") }
            if let spec = LemmaCompiler.compile(lemma, rules: lemma.ruleSet) { _ = Fragment(spec) }
        }
        for scenario in result.scenarios {
            if !RuleSet.all.contains(scenario.ruleSet) {
                problems.append("scenario \(scenario.name) checked with unknown rules \(scenario.ruleSet)")
            }
            let run = ScenarioRunner(rules: scenario.ruleSet, file: "fuzz.lemma").run(scenario)
            if case .groundDisagrees(let account)? = run.error { problems.append(account) }
        }
        if let rules = input.rules {
            let source = SourceFile(path: FuzzInput.rulesPath, text: String(decoding: rules, as: UTF8.self))
            let file = RuleSetFile.parse(source)
            for diagnostic in file.diagnostics {
                problems += located(diagnostic)
                _ = source.annotate(diagnostic).description
            }
            if file.selection == nil, !file.diagnostics.contains(where: \.isError) {
                problems.append("the rule-set file stands for no rule set, and no error says why")
            }
        }
        return problems
    }

    /// A problem for a diagnostic without a place in a file or without a message.
    private static func located(_ diagnostic: Diagnostic) -> [String] {
        var problems: [String] = []
        if diagnostic.location.file.isEmpty || diagnostic.location.line < 1 || diagnostic.location.column < 1 {
            problems.append("diagnostic without a location: \(diagnostic)")
        }
        if diagnostic.message.isEmpty { problems.append("diagnostic without a message: \(diagnostic.id)") }
        return problems
    }
}
