/// A formula as parsed, before name resolution and type checking. Every case carries its range.
package indirect enum Formula: Hashable, Sendable, CustomStringConvertible {
    /// `true` or `false`.
    case constant(Bool, SourceRange)
    /// `!f`.
    case not(Formula, SourceRange)
    /// `a && b`.
    case and(Formula, Formula, SourceRange)
    /// `a || b`.
    case or(Formula, Formula, SourceRange)
    /// `a => b` (right-associative).
    case implies(Formula, Formula, SourceRange)
    /// `a <=> b` (not associative: `a <=> b <=> c` is an error).
    case iff(Formula, Formula, SourceRange)
    /// `exists i in p: body` or `forall i in p: body`, over the step indices `0 ..< p.length`.
    case quantified(Quantifier, index: Located<String>, path: Located<String>, body: Formula, SourceRange)
    /// `lhs op rhs`.
    case comparison(ComparisonOperator, Term, Term, SourceRange)
    /// `name(args)` used as a formula: `sameView(p, q)`.
    case predicate(name: Located<String>, arguments: [Term], SourceRange)
    /// `exists q: path in r: body` or `forall q: path in r: body`, over the stateful paths of render `r`.
    case pathQuantified(Quantifier, path: Located<String>, render: Located<String>, body: Formula, SourceRange)

    /// Where the formula was written.
    package var range: SourceRange {
        switch self {
        case .constant(_, let range), .not(_, let range), .and(_, _, let range), .or(_, _, let range),
            .implies(_, _, let range), .iff(_, _, let range), .quantified(_, _, _, _, let range), .comparison(_, _, _, let range),
            .predicate(_, _, let range), .pathQuantified(_, _, _, _, let range):
            return range
        }
    }

    /// The canonical, fully parenthesised spelling: `((a && b) => (!c))`.
    package var description: String {
        switch self {
        case .constant(let value, _): return "\(value)"
        case .not(let body, _): return "(!\(body))"
        case .and(let lhs, let rhs, _): return "(\(lhs) && \(rhs))"
        case .or(let lhs, let rhs, _): return "(\(lhs) || \(rhs))"
        case .implies(let lhs, let rhs, _): return "(\(lhs) => \(rhs))"
        case .iff(let lhs, let rhs, _): return "(\(lhs) <=> \(rhs))"
        case .quantified(let quantifier, let index, let path, let body, _):
            return "(\(quantifier.rawValue) \(index.value) in \(path.value): \(body))"
        case .comparison(let op, let lhs, let rhs, _): return "(\(lhs) \(op.rawValue) \(rhs))"
        case .predicate(let name, let arguments, _):
            return "\(name.value)(\(arguments.map(\.description).joined(separator: ", ")))"
        case .pathQuantified(let quantifier, let path, let render, let body, _):
            return "(\(quantifier.rawValue) \(path.value): path in \(render.value): \(body))"
        }
    }
}
