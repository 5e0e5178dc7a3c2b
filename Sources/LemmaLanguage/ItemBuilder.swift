/// The parts of a lemma or scenario collected while its statements are parsed.
struct ItemBuilder {
    let isLemma: Bool
    var header: ItemHeader
    var renders: [Located<String>]
    var anyProgram = false
    var binders: [PathBinder] = []
    var mutations: [LemmaMutation] = []
    var assumptions: [Formula] = []
    var uses: [LemmaUse] = []
    var conclusion: Formula?
    var boundedByDesign: Located<String>?
    var steps: [ScenarioStep] = []
    var invalidation: Located<String>?
    var hasSyntaxErrors = false
    private var seen: [String: SourceRange] = [:]

    init(isLemma: Bool, header: ItemHeader, defaultRenders: [Located<String>]) {
        self.isLemma = isLemma
        self.header = header
        self.renders = defaultRenders
    }

    /// Records that the single-use statement `keyword` was given; reports a duplicate and returns
    /// `false` if it was given before (the first one wins).
    mutating func noteHeader(_ keyword: String, at range: SourceRange, diagnostics: inout [Diagnostic]) -> Bool {
        if let first = seen[keyword] {
            diagnostics.append(Diagnostic(
                .duplicateStatement, "duplicate '\(keyword)' in \(isLemma ? "lemma" : "scenario") '\(header.name.value)'",
                at: range.start, notes: [Diagnostic.Note("first '\(keyword)' is here", at: first.start)]))
            return false
        }
        seen[keyword] = range
        return true
    }

    /// The finished item.
    func item(range: SourceRange) -> LemmaFile.Item {
        if isLemma {
            var lemma = Lemma(header: header, renders: renders, range: range)
            lemma.anyProgram = anyProgram
            lemma.binders = binders
            lemma.mutations = mutations
            lemma.assumptions = assumptions
            lemma.uses = uses
            lemma.conclusion = conclusion
            lemma.boundedByDesign = boundedByDesign
            lemma.invalidation = invalidation
            lemma.hasSyntaxErrors = hasSyntaxErrors
            return .lemma(lemma)
        }
        var scenario = Scenario(header: header, range: range)
        scenario.steps = steps
        scenario.invalidation = invalidation
        scenario.hasSyntaxErrors = hasSyntaxErrors
        return .scenario(scenario)
    }
}
