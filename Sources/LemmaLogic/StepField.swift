import IdentityModel

/// A field of a path step (Lemmas/README.md, step table), with the kind that owns it.
package enum StepField: String, Hashable, Sendable, CaseIterable {
    case kind, slot, presentBefore, arm, readsTwice, transient, source, key, offset, id, modifier, value, erased, container

    /// The sort of the field's value.
    package var sort: LogicSort {
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

    /// The step kind that has this field, or `nil` for `kind`, which every step has.
    package var owner: StepKind? {
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

    /// Whether the field is fixed by the source (the same in every render of a program).
    package var isStatic: Bool {
        switch self {
        case .kind, .slot, .arm, .readsTwice, .source, .modifier, .erased, .container: return true
        case .presentBefore, .transient, .key, .offset, .id, .value: return false
        }
    }
}
