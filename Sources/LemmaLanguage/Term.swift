/// A term as parsed, before name resolution and type checking. Every case carries its range.
package indirect enum Term: Hashable, Sendable, CustomStringConvertible {
    /// `p.field`.
    case pathField(path: Located<String>, field: Located<String>, SourceRange)
    /// `p[index].field`.
    case stepField(path: Located<String>, index: Term, field: Located<String>, SourceRange)
    /// `name(args)` used as a value: `elem(p, i)`.
    case call(name: Located<String>, arguments: [Term], SourceRange)
    /// An integer literal.
    case integer(Int, SourceRange)
    /// A string literal.
    case string(String, SourceRange)
    /// `true` or `false` as a value (`p[i].arm == true`).
    case boolean(Bool, SourceRange)
    /// `.name`: an enum case resolved against the other side of the comparison.
    case enumCase(Located<String>, SourceRange)
    /// A bare name: an index variable (or, wrongly, a path).
    case variable(Located<String>)
    /// `i + n` or `i - n` (stored as `i + (-n)`), with where `n` was written.
    case offset(Located<String>, Located<Int>, SourceRange)
    /// `p.field + n` or `p.field - n` (stored as `+ (-n)`): integer fields shifted by a constant.
    case shifted(Term, Int, SourceRange)

    /// Where the term was written.
    package var range: SourceRange {
        switch self {
        case .pathField(_, _, let range), .stepField(_, _, _, let range), .call(_, _, let range),
            .integer(_, let range), .string(_, let range), .boolean(_, let range), .enumCase(_, let range),
            .offset(_, _, let range), .shifted(_, _, let range):
            return range
        case .variable(let name):
            return name.range
        }
    }

    /// The canonical spelling: `p[i + 1].key`, `elem(p, i)`, `"Counter"`, `.tuple`.
    package var description: String {
        switch self {
        case .pathField(let path, let field, _): return "\(path.value).\(field.value)"
        case .stepField(let path, let index, let field, _): return "\(path.value)[\(index)].\(field.value)"
        case .call(let name, let arguments, _):
            return "\(name.value)(\(arguments.map(\.description).joined(separator: ", ")))"
        case .integer(let value, _): return "\(value)"
        case .string(let value, _): return StringLiteral.quoted(value)
        case .boolean(let value, _): return "\(value)"
        case .enumCase(let name, _): return ".\(name.value)"
        case .variable(let name): return name.value
        case .offset(let name, let amount, _):
            // `magnitude`: negating Int.min (`i + -9223372036854775808`) would trap.
            return amount.value < 0 ? "\(name.value) - \(amount.value.magnitude)" : "\(name.value) + \(amount.value)"
        case .shifted(let term, let amount, _):
            return amount < 0 ? "\(term) - \(amount.magnitude)" : "\(term) + \(amount)"
        }
    }
}
