import LemmaLogic
import LemmaLogic

extension PathField {
    /// The field's type in the lemma language.
    public var type: ValueType {
        switch self {
        case .length, .initial, .state: return .int
        case .leafType: return .viewType
        case .identity: return .identity
        }
    }
}
