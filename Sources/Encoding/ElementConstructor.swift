/// The constructors of the Z3 sort `Elem`, one per kind of path element (`PathElement`), with
/// their fields: the only place their SMT-LIB names are spelled.
enum ElementConstructor: String, CaseIterable {
    case slot = "Slot"
    case arm = "Arm"
    case some = "Some"
    case key = "KeyElem"
    case explicit = "Explicit"
    case modifier = "Mod"
    case modifierValue = "ModValue"
    case erased = "Erased"
    case opaque = "Opaque"
    case container = "ContainerElem"
    case type = "Type"

    /// The fields' names (fresh in SMT-LIB); each is an Int, except `arm`'s (Bool) and
    /// `container`'s (the Container sort).
    var fieldNames: [String] {
        switch self {
        case .slot: return ["slotIndex"]
        case .arm: return ["armTaken"]
        case .some: return []
        case .key: return ["keyValue"]
        case .explicit: return ["explicitValue"]
        case .modifier: return ["modName"]
        case .modifierValue: return ["modValueName", "modValueArgument"]
        case .erased: return ["erasedType"]
        case .opaque: return ["generation"]
        case .container: return ["containerKind"]
        case .type: return ["typeTag"]
        }
    }
}
