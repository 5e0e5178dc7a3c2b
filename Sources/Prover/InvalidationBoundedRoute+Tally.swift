extension InvalidationBoundedRoute {
    /// What a walk of one of the checker's domains has counted so far, and the `Result` it gives
    /// with an answer: the walks over dependencies, tracking and parents share it.
    struct Tally {
        /// The domain walked, in words (`Result.domain`).
        let domain: String
        /// Candidates judged on their trees.
        var cases = 0
        /// Candidates no tree realizes.
        var unrealized = 0
        /// Candidates whose links falsify an assumption (`LinkAssumptions`), left out before their trees.
        var excluded = 0

        init(domain: String) { self.domain = domain }

        /// The walk's result: `answer`, with the counts so far.
        func result(_ answer: Result.Answer) -> Result {
            Result(answer: answer, cases: cases, domain: domain, unrealized: unrealized, excluded: excluded)
        }

        /// The result of a walk of `domain` that does not take the lemma: `why`, naming its limits.
        static func inapplicable(_ why: String, domain: String) -> Result {
            Result(answer: .inapplicable(why), cases: 0, domain: domain)
        }
    }
}
