/// Where a lemma or scenario comes from: a rule of docs/rules.md, an invalidation rule of
/// docs/invalidation.md, or free text (a seed finding).
package enum SourceReference: Hashable, Sendable, CustomStringConvertible {
    /// `R4`: rule number 4.
    case rule(Int)
    /// `I2`: invalidation rule number 2 (docs/invalidation.md).
    case invalidationRule(Int)
    /// `"seed 000 Finding 1"`.
    case text(String)

    /// `R4` or the quoted text.
    package var description: String {
        switch self {
        case .rule(let number): return "R\(number)"
        case .invalidationRule(let number): return "I\(number)"
        case .text(let text): return StringLiteral.quoted(text)
        }
    }
}
