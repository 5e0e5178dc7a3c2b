@testable import LemmaLanguage

/// Parses `text` as a file named `test.lemma`.
func parse(_ text: String) -> (file: LemmaFile, diagnostics: [Diagnostic]) {
    Parser.parse(SourceFile(path: "test.lemma", text: text))
}

/// Parses and checks `text` as a file named `test.lemma`.
func load(_ text: String, path: String = "test.lemma") -> LemmaLoader.Result {
    LemmaLoader().load(sources: [SourceFile(path: path, text: text)])
}

/// The conclusion of a lemma whose body is `show <formula>`, in canonical form, or the errors.
func canonical(_ formula: String) -> String {
    let (file, diagnostics) = parse("lemma L { show \(formula) }")
    guard diagnostics.isEmpty, case .lemma(let lemma)? = file.items.first, let conclusion = lemma.conclusion else {
        return diagnostics.map { $0.headline() }.joined(separator: "\n")
    }
    return conclusion.description
}

/// A well-formed lemma around the given body statements.
func lemma(_ body: String) -> String {
    """
    lemma L {
      summary "s"
      source R4
      rules runtime
      expect holds
      \(body)
    }
    """
}

/// The headlines of the diagnostics, file names only.
func headlines(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { $0.headline(fileNameOnly: true) }
}
