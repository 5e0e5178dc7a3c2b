import LemmaLogic

@testable import Prover

extension VerifierOptions {
    /// The explicit-state cross-check's bound in fast-tier tests whose assertions are not about
    /// what the checker reaches: depth 2, branching 2 (a tenth of the time of the default depth 3
    /// on a three-render lemma). The checker never proves, so the depth changes only how much it
    /// can refute; depth 3 runs in CI's `verify-lemmas` and in the slow tier.
    static let shallowCheckerBound = Bound(depth: 2, branching: 2)

    /// The default options with `shallowCheckerBound`.
    static var shallowChecker: VerifierOptions {
        var options = VerifierOptions()
        options.checkerBound = shallowCheckerBound
        return options
    }
}
