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

    /// The counterexample: what changed between the two renders, which state or body it
    /// touches, and the renders given to the model.
    public struct Counterexample: Hashable, Sendable, Codable {
        public var change: String
        public var effect: String
        public var before: String
        public var after: String
    }
}
