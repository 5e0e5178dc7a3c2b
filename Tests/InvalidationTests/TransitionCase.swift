import IdentityModel
import Invalidation

/// Two consecutive renders of a tree of custom views and which bodies the second render evaluates
/// under the rule set the case is about.
struct TransitionCase {
    /// The case's name, used in failure messages.
    var name: String
    /// The invalidation rules the expectation holds under.
    var rules: InvalidationRules
    /// The first render.
    var before: ViewNode
    /// The second render.
    var after: ViewNode
    /// Every label of `after` and whether its body is evaluated.
    var expected: [String: Bool]

    /// Whether each view's body is evaluated in `after`, under `rules` (identity under `identityRules`).
    func run(_ rules: InvalidationRules, identityRules: RuleSet = .runtime) -> [String: Bool] {
        let events = BodyEvaluator(identityRules: identityRules, rules: rules).evaluate(before: before, after: after)
        return Dictionary(events.map { ($0.label, $0.evaluated) }, uniquingKeysWith: { first, _ in first })
    }
}
