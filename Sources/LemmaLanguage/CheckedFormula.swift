/// A resolved, typed formula: every variable is bound, every comparison is between equal types
/// (Int and index types count as equal), every literal has its type.
package struct CheckedFormula: Hashable, Sendable, CustomStringConvertible {
    /// The formula's shape.
    package indirect enum Node: Hashable, Sendable {
        case constant(Bool)
        case not(CheckedFormula)
        case and(CheckedFormula, CheckedFormula)
        case or(CheckedFormula, CheckedFormula)
        case implies(CheckedFormula, CheckedFormula)
        case iff(CheckedFormula, CheckedFormula)
        /// `exists`/`forall index in path: body`, over `0 ..< path.length`.
        case quantified(Quantifier, index: String, path: String, body: CheckedFormula)
        /// `lhs op rhs`; ordering operators only on integer types.
        case comparison(ComparisonOperator, CheckedTerm, CheckedTerm)
        /// `predicate(first, second)` over two bound paths; for `rendered`, a path and a declared render.
        case predicate(Predicate, String, String)
        /// `exists`/`forall path: path in render: body`, in a position `PathQuantifierFragment` accepts.
        case pathQuantified(Quantifier, path: String, render: String, body: CheckedFormula)
    }

    /// The formula's shape.
    package var node: Node
    /// Where it was written.
    package var range: SourceRange

    /// Creates a checked formula.
    package init(_ node: Node, range: SourceRange) {
        self.node = node
        self.range = range
    }

    /// The canonical, fully parenthesised spelling (same as `Formula.description`).
    package var description: String {
        switch node {
        case .constant(let value): return "\(value)"
        case .not(let body): return "(!\(body))"
        case .and(let lhs, let rhs): return "(\(lhs) && \(rhs))"
        case .or(let lhs, let rhs): return "(\(lhs) || \(rhs))"
        case .implies(let lhs, let rhs): return "(\(lhs) => \(rhs))"
        case .iff(let lhs, let rhs): return "(\(lhs) <=> \(rhs))"
        case .quantified(let quantifier, let index, let path, let body):
            return "(\(quantifier.rawValue) \(index) in \(path): \(body))"
        case .comparison(let op, let lhs, let rhs): return "(\(lhs) \(op.rawValue) \(rhs))"
        case .predicate(let predicate, let first, let second): return "\(predicate.rawValue)(\(first), \(second))"
        case .pathQuantified(let quantifier, let path, let render, let body):
            return "(\(quantifier.rawValue) \(path): path in \(render): \(body))"
        }
    }
}
