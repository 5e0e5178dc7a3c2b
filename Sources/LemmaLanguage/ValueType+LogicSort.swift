import LemmaLogic

extension ValueType {
    /// The language type of a value of `sort`.
    init(_ sort: LogicSort) {
        switch sort {
        case .bool: self = .bool
        case .int: self = .int
        case .key: self = .key
        case .kind: self = .kind
        case .viewType: self = .viewType
        case .modifier: self = .modifier
        case .container: self = .container
        case .source: self = .source
        case .elem: self = .elem
        case .identity: self = .identity
        }
    }
}

extension StepField {
    /// The field's type in the lemma language.
    package var type: ValueType { ValueType(sort) }
}

extension PathField {
    /// The field's type in the lemma language.
    package var type: ValueType { ValueType(sort) }
}
