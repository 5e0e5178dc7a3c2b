/// The fields of one step: `p[i].kind`, `p[i].slot`, …
public enum StepField: String, CaseIterable, Hashable, Sendable {
    case kind
    case slot, presentBefore
    case arm, readsTwice, transient
    case source, key, offset
    case id
    case modifier, value
    case erased
    case container

    /// The field's type.
    public var type: ValueType {
        switch self {
        case .kind: return .kind
        case .slot, .presentBefore, .offset, .value: return .int
        case .arm, .readsTwice, .transient: return .bool
        case .source: return .source
        case .key, .id: return .key
        case .modifier: return .modifier
        case .erased: return .viewType
        case .container: return .container
        }
    }

    /// The step kind that has this field; `nil` for `kind`, which every step has. Reading a field
    /// on a step of another kind is false for any comparison (README, "Formulas and terms").
    public var owner: StepKind? {
        switch self {
        case .kind: return nil
        case .slot, .presentBefore: return .tuple
        case .arm, .readsTwice, .transient: return .conditional
        case .source, .key, .offset: return .forEach
        case .id: return .explicitID
        case .modifier, .value: return .modified
        case .erased: return .anyView
        case .container: return .container
        }
    }

    /// Whether the field is chosen by each render (as opposed to fixed by the source).
    public var isDynamic: Bool {
        [.presentBefore, .transient, .key, .offset, .id, .value].contains(self)
    }
}
