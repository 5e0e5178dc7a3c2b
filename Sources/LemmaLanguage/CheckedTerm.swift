import IdentityModel
import LemmaLogic

/// A resolved, typed term. `type` is the type of the value (for literals: the type inferred from
/// the other side of the comparison).
package struct CheckedTerm: Hashable, Sendable, CustomStringConvertible {
    /// What the term denotes.
    package indirect enum Node: Hashable, Sendable {
        /// `p.field`.
        case pathField(path: String, field: PathField)
        /// `p[index].field`; false for any comparison when the step is missing or of another kind.
        case stepField(path: String, index: IndexExpression, field: StepField)
        /// `elem(p, index)`: the path element step `index` of `p` contributes (Elem).
        case elem(path: String, index: IndexExpression)
        /// A bound index, possibly with an offset, used as an integer (type `.index(path)`).
        case index(IndexExpression)
        /// An Int-typed term plus a constant: `q.length + 1`.
        case shifted(CheckedTerm, Int)
        /// An Int literal.
        case int(Int)
        /// A Bool literal.
        case bool(Bool)
        /// An integer literal compared with a Key.
        case key(Int)
        /// `.tuple`, … compared with a Kind.
        case kind(StepKind)
        /// `.VStack`, … compared with a Container.
        case container(ContainerKind)
        /// `.self`, … compared with a Source.
        case source(KeySource)
        /// A string literal compared with a ViewType.
        case viewType(String)
        /// A string literal compared with a Modifier.
        case modifier(String)
    }

    /// What the term denotes.
    package var node: Node
    /// The term's type.
    package var type: ValueType
    /// Where it was written.
    package var range: SourceRange

    /// Creates a checked term.
    package init(_ node: Node, type: ValueType, range: SourceRange) {
        self.node = node
        self.type = type
        self.range = range
    }

    /// The canonical spelling, as in the source language.
    package var description: String {
        switch node {
        case .pathField(let path, let field): return "\(path).\(field.rawValue)"
        case .shifted(let term, let amount): return amount < 0 ? "\(term) - \(-amount)" : "\(term) + \(amount)"
        case .stepField(let path, let index, let field): return "\(path)[\(index)].\(field.rawValue)"
        case .elem(let path, let index): return "elem(\(path), \(index))"
        case .index(let index): return index.description
        case .int(let value), .key(let value): return "\(value)"
        case .bool(let value): return "\(value)"
        case .kind(let kind): return ".\(kind.rawValue)"
        case .container(let container): return ".\(container.rawValue)"
        case .source(let source): return ".\(source.rawValue)"
        case .viewType(let name), .modifier(let name): return StringLiteral.quoted(name)
        }
    }
}
