/// `// swiftui-identity-lint: ignore SIL001 because …` on a finding's line or the line above
/// silences that rule there; the reason is required.
struct Suppressions {
    private var entries: [Int: Set<Rule>] = [:]
    private(set) var diagnostics: [InputDiagnostic] = []
    static let marker = "swiftui-identity-lint:"

    init(file: String, text: String) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: "// " + Self.marker) else { continue }
            let column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
            let site = SourceSite(file: file, line: index + 1, column: column)
            let words = line[range.upperBound...].split(separator: " ").map(String.init)
            guard words.first == "ignore", words.count >= 2 else {
                diagnostics.append(.init(id: .suppression, site: site, message: "expected `ignore RULE-ID because REASON`"))
                continue
            }
            guard let rule = Rule(rawValue: words[1]) ?? Rule.allCases.first(where: { $0.name == words[1] }) else {
                diagnostics.append(.init(id: .suppression, site: site, message: "no rule '\(words[1])'"))
                continue
            }
            guard words.count >= 4, words[2] == "because" else {
                diagnostics.append(.init(id: .suppression, site: site, message: "a suppression of \(rule.rawValue) needs `because` and a reason"))
                continue
            }
            entries[index + 1, default: []].insert(rule)
        }
    }

    /// Whether a finding of `rule` at `line` is silenced.
    func silences(_ rule: Rule, line: Int) -> Bool {
        entries[line]?.contains(rule) == true || entries[line - 1]?.contains(rule) == true
    }
}
