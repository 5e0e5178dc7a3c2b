import IdentityModel
import LemmaLanguage
import LemmaLogic
import Prover

/// One input through everything a run does before the solver: lexer, parser, checker (render
/// blocks parsed, labels checked), lowering of each lemma, and each scenario run through the
/// semantics with Z3's ground cross-check. A trap or stack overflow ends the process (the fuzz
/// script keeps the input); anything else wrong is returned as a problem.
enum FrontEndHarness {
    /// What was wrong with the front end's answer to `bytes`, if anything.
    static func problems(_ bytes: [UInt8]) -> [String] {
        // As the command line reads a file: invalid UTF-8 becomes U+FFFD.
        let source = SourceFile(path: "fuzz.lemma", text: String(decoding: bytes, as: UTF8.self))
        let result = LemmaLoader().load(sources: [source])
        var problems: [String] = []
        for diagnostic in result.diagnostics {
            if diagnostic.location.line < 1 || diagnostic.location.column < 1 {
                problems.append("diagnostic without a location: \(diagnostic)")
            }
            if diagnostic.message.isEmpty { problems.append("diagnostic without a message: \(diagnostic.id)") }
            _ = source.annotate(diagnostic).description
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
        return problems
    }
}
