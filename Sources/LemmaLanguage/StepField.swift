import LemmaLogic
import LemmaLogic

extension StepField {
    /// The field's type in the lemma language.
    public var type: ValueType {
        switch sort {
        case .bool: return .bool
        case .int: return .int
        case .key: return .key
        case .kind: return .kind
        case .viewType: return .viewType
        case .modifier: return .modifier
        case .container: return .container
        case .source: return .source
        case .elem: return .elem
        case .identity: return .identity
        }
    }
}
