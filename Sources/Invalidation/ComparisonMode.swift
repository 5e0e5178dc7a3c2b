/// How a surviving view's new value is compared with its old one (I2).
public enum ComparisonMode: String, Hashable, Sendable {
    /// Field by field (bitwise), by each property's kind (I3, I5, I6, I7).
    case fieldwise
    /// By the view's custom `==` (I4).
    case customEquality
}
