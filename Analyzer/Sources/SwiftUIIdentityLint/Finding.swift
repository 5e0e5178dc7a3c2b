/// One hazard the model showed reachable in the user's code.
public struct Finding: Hashable, Sendable, Codable {
    public var rule: Rule
    public var site: SourceSite
    /// The view type whose body holds the construct.
    public var view: String
    /// A one-line statement of what happens.
    public var message: String
    /// The counterexample in the user's code: the two renders and what the model said of them.
    public var counterexample: Counterexample
    /// Under which identity rule set the model showed it.
    public var rules: String
    /// The rule's level, or `note` where the rule grades the finding down (a lost state the user
    /// never entered, a seeded state the view itself writes).
    public var level: Rule.Level

    public init(rule: Rule, site: SourceSite, view: String, message: String, counterexample: Counterexample, rules: String, level: Rule.Level? = nil) {
        self.rule = rule
        self.site = site
        self.view = view
        self.message = message
        self.counterexample = counterexample
        self.rules = rules
        self.level = level ?? rule.level
    }

    /// The counterexample: what changed between the two renders, which state or body it
    /// touches, and the renders given to the model.
    public struct Counterexample: Hashable, Sendable, Codable {
        public var change: String
        public var effect: String
        public var before: String
        public var after: String
    }
}
