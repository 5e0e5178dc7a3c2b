extension Checker {
    /// Checks the names of a scenario's checks (`check NAME: …`, each given once: E039) and the
    /// checks `expect refuted by` names (each a named check of this scenario, once: E050). Returns
    /// the names after `by`, or `nil` after an error.
    func checkRefutedBy(_ scenario: Scenario, _ diagnostics: inout [Diagnostic]) -> [String]? {
        var valid = true
        var named: [String: SourceRange] = [:]
        for step in scenario.steps {
            guard let name = step.name else { continue }
            if let first = named[name.value] {
                diagnostics.append(Diagnostic(
                    .duplicateBinding, "check name '\(name.value)' is given twice", at: name.range.start,
                    notes: [Diagnostic.Note("first given here", at: first.start)]))
                valid = false
            } else {
                named[name.value] = name.range
            }
        }
        let header = scenario.header
        if let expectation = header.expectation, expectation.value == .holds, let first = header.refutedBy.first {
            diagnostics.append(Diagnostic(
                .unknownCheckName, "'by' names the checks that must fail: it follows 'expect refuted', not 'expect holds'",
                at: first.range.start))
            return nil
        }
        var listed = Set<String>()
        for name in header.refutedBy {
            if !listed.insert(name.value).inserted {
                diagnostics.append(Diagnostic(.unknownCheckName, "check '\(name.value)' is named twice after 'by'", at: name.range.start))
                valid = false
            } else if named[name.value] == nil {
                let known = named.keys.sorted()
                let near = known
                    .compactMap { other in
                        ViewTypeSpelling.distance(name.value, other, limit: ViewTypeSpelling.maximumDistance(name.value, other))
                            .map { (other, $0) }
                    }
                    .min { ($0.1, $0.0) < ($1.1, $1.0) }
                diagnostics.append(Diagnostic(
                    .unknownCheckName,
                    "no check of scenario '\(header.name.value)' is named '\(name.value)'" + (near.map { "; did you mean '\($0.0)'?" } ?? ""),
                    at: name.range.start,
                    notes: [Diagnostic.Note(known.isEmpty
                        ? "this scenario names no check; name one with 'check \(name.value): LABEL OUTCOME'"
                        : "named checks: \(known.joined(separator: ", "))")]))
                valid = false
            }
        }
        return valid ? header.refutedBy.map(\.value) : nil
    }

    /// A lemma has one conclusion and no checks to name: `expect … by` is E050.
    func checkNoRefutedBy(_ lemma: Lemma, _ diagnostics: inout [Diagnostic]) {
        guard let first = lemma.header.refutedBy.first else { return }
        diagnostics.append(Diagnostic(
            .unknownCheckName, "'by' names checks of a scenario; lemma '\(lemma.header.name.value)' has none (its 'show' is what is refuted)",
            at: first.range.start))
    }
}
