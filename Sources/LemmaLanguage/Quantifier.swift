/// The quantifiers over step indices.
public enum Quantifier: String, Hashable, Sendable {
    case exists
    case forall
}
