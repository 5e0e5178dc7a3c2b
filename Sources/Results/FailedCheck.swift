/// A scenario's `check` that did not pass: which check it is (its name, if `check NAME:` gave one,
/// what it asks, where) and what the run found instead.
package struct FailedCheck: Sendable, Equatable, CustomStringConvertible {
    /// `check NAME: …`'s name, which `expect refuted by NAME` refers to.
    package var name: String?
    /// What the check asks, as written: `existing survives`, `item evaluated because title`.
    package var check: String
    package var file: String
    package var line: Int
    package var column: Int
    /// What was found instead, typed (`Finding`).
    package var found: Finding

    package init(name: String?, check: String, file: String, line: Int, column: Int, found: Finding) {
        self.name = name
        self.check = check
        self.file = file
        self.line = line
        self.column = column
        self.found = found
    }

    /// How reports name the check: `same_node` or, for a check without a name, `line 14`.
    package var reference: String { name ?? "line \(line)" }

    /// `file:line:col: CODE`, with the check's name first when it has one (the words are `ReasonText`'s).
    package var description: String { "\(file):\(line):\(column): " + (name.map { "check \($0): " } ?? "") + found.code }
}
