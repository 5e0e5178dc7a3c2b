import IdentityModel

/// The syntactic fragment of lemmas that the reduction carries from paths to all trees, and the
/// narrower fragment in which the cutoff bound is itself a proof (Proofs/README.md, Theorems 4 and 5).
public struct Fragment: Hashable, Sendable {
    /// Whether the path-level proof covers all trees, and why not when it does not.
    public var outsideReason: String?
    /// The cutoff: trees within it contain a counterexample whenever any tree does (if `cutoffIsProof`).
    public var cutoff: Bound
    /// Whether exhausting the cutoff is a proof (the lemma is in the aligned fragment).
    public var cutoffIsProof: Bool
    /// Why the cutoff is not a proof, when it is not.
    public var cutoffCaveat: String?

    /// Classifies `lemma`.
    public init(_ lemma: LemmaSpec) {
        if lemma.rules.mutation == .idOverridesStructure {
            outsideReason = "rule set \(lemma.rules.name) is not local: identity is not a map of path steps (locality fails)"
        } else {
            outsideReason = nil
        }
        var analysis = Analysis()
        analysis.visit(lemma.statement, positive: false)
        let witnesses = max(1, analysis.witnesses)
        let pathCount = max(1, lemma.paths.count)
        cutoff = Bound(depth: witnesses + 1, branching: max(2, min(pathCount, witnesses) + 1))
        var caveats: [String] = []
        if analysis.usesIndexArithmetic { caveats.append("index arithmetic or literal indices") }
        if analysis.usesLengthOrOrder { caveats.append("lengths or ordering comparisons") }
        if !analysis.alignsAllPaths(lemma.paths.count) { caveats.append("paths of possibly different lengths") }
        if lemma.statement.terms.contains(where: Self.readsPresence) || lemma.rules.mutation == .optionalShiftsSiblings {
            // Whether an earlier sibling can be absent depends on the other path's steps, which
            // deleting steps changes.
            caveats.append("presentBefore, whose realizability depends on other paths")
        }
        if lemma.statement.readsRendered {
            // Deleting a step from the paths changes which identities the other renders hold.
            caveats.append("presence in another render (rendered), which the paths alone do not fix")
        }
        cutoffIsProof = caveats.isEmpty && outsideReason == nil
        cutoffCaveat = caveats.isEmpty ? nil : "the deletion argument needs aligned paths without " + caveats.joined(separator: ", ")
    }

    private static func readsPresence(_ term: LogicTerm) -> Bool {
        if case .stepField(_, _, .presentBefore) = term { return true }
        return false
    }

    /// Walks the negated statement counting existential witnesses (index quantifiers that end up
    /// existential, and one per identity or static-structure disequality).
    private struct Analysis {
        var witnesses = 0
        var usesIndexArithmetic = false
        var usesLengthOrOrder = false
        /// Pairs of paths forced to the same length by a positive `sameView` or identity equality.
        var aligned: [(Int, Int)] = []

        /// `positive` is the polarity inside the negated statement.
        mutating func visit(_ formula: LogicFormula, positive: Bool) {
            switch formula {
            case .constant: break
            case .not(let body): visit(body, positive: !positive)
            case .and(let parts), .or(let parts): parts.forEach { visit($0, positive: positive) }
            case .implies(let lhs, let rhs):
                visit(lhs, positive: !positive)
                visit(rhs, positive: positive)
            case .exists(_, _, let body):
                if positive { witnesses += 1 }
                visit(body, positive: positive)
            case .forall(_, _, let body):
                if !positive { witnesses += 1 }
                visit(body, positive: positive)
            case .compare(let op, let lhs, let rhs):
                inspect(lhs)
                inspect(rhs)
                if op != .equal && op != .notEqual { usesLengthOrOrder = true }
                if lhs.sort == .identity, case .pathField(let a, _) = lhs, case .pathField(let b, _) = rhs {
                    let equal = (op == .equal) == positive
                    if equal { aligned.append((a, b)) } else { witnesses += 1 }
                }
            case .rendered: break
            case .sameView(let a, let b), .sameAddress(let a, let b):
                if positive {
                    if case .sameView = formula { aligned.append((a, b)) }
                } else {
                    witnesses += 1
                }
            }
        }

        mutating func inspect(_ term: LogicTerm) {
            switch term {
            case .index(let index), .stepField(_, let index, _), .elem(_, let index):
                if index.variable == nil || index.offset != 0 { usesIndexArithmetic = true }
                if case .index = term { usesLengthOrOrder = true }
            case .pathField(_, .length): usesLengthOrOrder = true
            default: break
            }
        }

        /// Whether the equal-length pairs connect all paths.
        func alignsAllPaths(_ count: Int) -> Bool {
            guard count > 1 else { return true }
            var component = Array(0..<count)
            func root(_ x: Int) -> Int { component[x] == x ? x : root(component[x]) }
            for (a, b) in aligned { component[root(a)] = root(b) }
            return Set((0..<count).map(root)).count == 1
        }
    }
}
