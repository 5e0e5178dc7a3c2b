/// What one view an invalidation lemma's path variable names did at one transition of a
/// counterexample, as `BodyEvaluator` observed it on the trees shown: whether its body ran, why,
/// and which rules of docs/invalidation.md decided it.
package struct ViewVerdict: Sendable, Equatable {
    /// The path variable (`p`).
    package var variable: String
    /// The view's label in the trees (`@view`, or the variable's name over several renders).
    package var label: String
    /// The 1-based transition of the lemma (between its renders `transition - 1` and `transition`);
    /// for a scenario, the 0-based index of its render (0: the first, where every view is new).
    package var transition: Int
    /// The indices, among the counterexample's renders, of the renders before and after it.
    package var before: Int
    package var after: Int
    /// Whether its body ran.
    package var evaluated: Bool
    /// Why, as `BodyEvaluator` says it (`compared different at p0`).
    package var reason: String
    /// The rules that decided it (`["I2", "I3"]`).
    package var rules: [String]
    /// Whether its parent's body ran; `nil` for a view whose parent is not among the views shown
    /// (a scenario's root).
    package var parentEvaluated: Bool?
    /// Whether its identity was in the render before.
    package var survives: Bool
    /// The property at which a comparison said different, with both values: `p0: 1 -> 2`.
    package var difference: String?

    package init(
        variable: String, label: String, transition: Int, before: Int, after: Int, evaluated: Bool, reason: String,
        rules: [String], parentEvaluated: Bool?, survives: Bool, difference: String?
    ) {
        self.variable = variable
        self.label = label
        self.transition = transition
        self.before = before
        self.after = after
        self.evaluated = evaluated
        self.reason = reason
        self.rules = rules
        self.parentEvaluated = parentEvaluated
        self.survives = survives
        self.difference = difference
    }

    /// `p in after: body(@view) evaluated [I2, I3]: compared different at p0 (p0: 1 -> 2); its parent ran`.
    package func line(renderName: String) -> String {
        "\(variable) in \(renderName): body(@\(label)) \(evaluated ? "evaluated" : "skipped") [\(rules.joined(separator: ", "))]: "
            + reason + (difference.map { " (\($0))" } ?? "")
            + (parentEvaluated.map { "; its parent \($0 ? "ran" : "was skipped")" } ?? "") + (survives ? "" : "; a new identity")
    }
}
