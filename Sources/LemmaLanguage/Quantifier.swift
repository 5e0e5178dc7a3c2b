/// The quantifiers over step indices.
package enum Quantifier: String, Hashable, Sendable {
    case exists
    case forall
}
