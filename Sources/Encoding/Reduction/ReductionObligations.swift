import IdentityModel

/// Every obligation of the reduction theorem under one rule set, in a fixed order: locality (base
/// and one step per construct), `mapE` pointwise (base and step), sibling independence (tuple and
/// ForEach), prefix closure (base and one step per construct).
///
/// Sibling independence has no obligation for the single-child constructs (conditional, optional,
/// explicitID, modified, anyView, container): their child has no siblings, and the other arm of a
/// conditional or an absent optional's content is not rendered, so there is nothing to vary.
package struct ReductionObligations: RandomAccessCollection {
    /// The rules the obligations are about.
    package let rules: RuleSet
    private let obligations: [Obligation]

    /// The obligations for `rules`.
    package init(rules: RuleSet) {
        self.rules = rules
        let constructs = StepKind.allCases.map(InductionCase.construct)
        let cases: [(ReductionTheorem, [InductionCase])] = [
            (.locality, [.base] + constructs),
            (.mapPointwise, [.base, .prepend]),
            (.siblingIndependence, [.construct(.tuple), .construct(.forEach)]),
            (.prefixClosure, [.base] + constructs),
        ]
        obligations = cases.flatMap { theorem, inductionCases in
            inductionCases.map { Obligation(theorem: theorem, inductionCase: $0, rules: rules) }
        }
    }

    package var startIndex: Int { obligations.startIndex }
    package var endIndex: Int { obligations.endIndex }
    package subscript(position: Int) -> Obligation { obligations[position] }

    /// The obligation with this id, or `nil`.
    package subscript(id id: String) -> Obligation? { obligations.first { $0.id == id } }
}
