/// A comparison operator.
package enum Comparison: String, Hashable, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// Whether `a op b` holds.
    package func holds<T: Comparable>(_ a: T, _ b: T) -> Bool {
        switch self {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        }
    }
}

/// A resolved formula of a lemma over numbered paths and index variables.
///
/// A comparison that reads a step field or an element is true only when every step it reads exists
/// and has that field (`!=` included); `!` negates the whole comparison.
package indirect enum LogicFormula: Hashable, Sendable, CustomStringConvertible {
    case constant(Bool)
    case not(LogicFormula)
    case and([LogicFormula])
    case or([LogicFormula])
    case implies(LogicFormula, LogicFormula)
    /// `exists`/`forall` index variable `variable` in `0 ..< length(path)`.
    case exists(variable: Int, path: Int, LogicFormula)
    case forall(variable: Int, path: Int, LogicFormula)
    case compare(Comparison, LogicTerm, LogicTerm)
    /// Same length, same static fields at every step, same leaf type.
    case sameView(Int, Int)
    /// Same rendered address and same leaf type.
    case sameAddress(Int, Int)
    /// Some stateful view of render `render` has the identity of path `path` (path membership, R7/R9).
    case rendered(path: Int, render: Int)

    /// `survives(p, q)`: the identities are equal.
    package static func survives(_ lhs: Int, _ rhs: Int) -> LogicFormula {
        .compare(.equal, .pathField(path: lhs, .identity), .pathField(path: rhs, .identity))
    }

    package var description: String {
        switch self {
        case .constant(let value): return "\(value)"
        case .not(let body): return "!(\(body))"
        case .and(let parts): return parts.isEmpty ? "true" : "(" + parts.map(\.description).joined(separator: " && ") + ")"
        case .or(let parts): return parts.isEmpty ? "false" : "(" + parts.map(\.description).joined(separator: " || ") + ")"
        case .implies(let lhs, let rhs): return "(\(lhs) => \(rhs))"
        case .exists(let variable, let path, let body): return "(exists i\(variable) in p\(path): \(body))"
        case .forall(let variable, let path, let body): return "(forall i\(variable) in p\(path): \(body))"
        case .compare(let op, let lhs, let rhs): return "\(lhs) \(op.rawValue) \(rhs)"
        case .sameView(let lhs, let rhs): return "sameView(p\(lhs), p\(rhs))"
        case .sameAddress(let lhs, let rhs): return "sameAddress(p\(lhs), p\(rhs))"
        case .rendered(let path, let render): return "rendered(p\(path), r\(render))"
        }
    }
}

extension LogicTerm {
    /// The term, and the term it shifts when it is `.shifted`.
    var withInner: [LogicTerm] {
        if case .shifted(let inner, _) = self { return [self] + inner.withInner }
        return [self]
    }
}

extension LogicFormula {
    /// Whether the formula reads `field` of some path.
    package func reads(_ field: PathField) -> Bool {
        terms.contains { term in
            if case .pathField(_, let read) = term { return read == field }
            return false
        }
    }

    /// Every term the formula compares, in order.
    package var terms: [LogicTerm] {
        switch self {
        case .constant, .sameView, .sameAddress, .rendered: return []
        case .not(let body), .exists(_, _, let body), .forall(_, _, let body): return body.terms
        case .and(let parts), .or(let parts): return parts.flatMap(\.terms)
        case .implies(let lhs, let rhs): return lhs.terms + rhs.terms
        case .compare(_, let lhs, let rhs): return [lhs, rhs].flatMap(\.withInner)
        }
    }
}

extension LogicFormula {
    /// Whether the formula asks whether some path is rendered in some render.
    package var readsRendered: Bool {
        switch self {
        case .rendered: return true
        case .constant, .sameView, .sameAddress, .compare: return false
        case .not(let body), .exists(_, _, let body), .forall(_, _, let body): return body.readsRendered
        case .and(let parts), .or(let parts): return parts.contains(where: \.readsRendered)
        case .implies(let lhs, let rhs): return lhs.readsRendered || rhs.readsRendered
        }
    }
}

extension LogicFormula {
    /// The highest-numbered path the formula reads, or `nil` when it reads none: once paths
    /// `0...lastPath` are bound, the formula's value is known.
    package var lastPath: Int? {
        switch self {
        case .constant: return nil
        case .not(let body): return body.lastPath
        case .exists(_, let path, let body), .forall(_, let path, let body): return Self.later(path, body.lastPath)
        case .and(let parts), .or(let parts): return parts.compactMap(\.lastPath).max()
        case .implies(let lhs, let rhs): return Self.later(lhs.lastPath, rhs.lastPath)
        case .compare(_, let lhs, let rhs): return Self.later(lhs.lastPath, rhs.lastPath)
        case .sameView(let lhs, let rhs), .sameAddress(let lhs, let rhs): return max(lhs, rhs)
        case .rendered(let path, _): return path
        }
    }

    static func later(_ lhs: Int?, _ rhs: Int?) -> Int? { [lhs, rhs].compactMap { $0 }.max() }
}

extension LogicTerm {
    /// The path the term reads, or `nil` for a literal or an index.
    package var lastPath: Int? {
        switch self {
        case .int, .bool, .key, .kind, .viewType, .modifier, .container, .source, .index: return nil
        case .pathField(let path, _), .stepField(let path, _, _), .elem(let path, _): return path
        case .shifted(let inner, _): return inner.lastPath
        }
    }
}
