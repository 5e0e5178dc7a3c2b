import IdentityModel
import Z3Kit

/// The Z3 sorts of the path-level model: path steps, path elements, key sources and containers.
///
/// Constructor and field names follow `PathStep` and `PathElement`, capitalised for constructors,
/// so exported SMT-LIB scripts read like the step table of Lemmas/README.md.
final class IdentityVocabulary {
    let context: Z3Context
    let step: Z3Datatype
    let element: Z3Datatype
    let source: Z3Datatype
    let container: Z3Datatype

    /// Declares the sorts in `context`.
    init(context: Z3Context) throws {
        self.context = context
        let int = context.intSort
        let bool = context.boolSort
        let enums = try context.declareDatatypes([
            Z3DatatypeDeclaration("Source", constructors: KeySource.allCases.map { .init(Self.constructorName($0)) }),
            Z3DatatypeDeclaration("Container", constructors: ContainerKind.allCases.map { .init($0.rawValue) }),
        ])
        source = enums[0]
        container = enums[1]
        step = try context.declareDatatypes([
            Z3DatatypeDeclaration("Step", constructors: [
                .init("Tuple", fields: [.init("slot", int), .init("presentBefore", int)]),
                .init("Conditional", fields: [.init("arm", bool), .init("readsTwice", bool), .init("transient", bool)]),
                .init("Optional"),
                .init("ForEach", fields: [.init("source", source.sort), .init("key", int), .init("offset", int)]),
                .init("ExplicitID", fields: [.init("id", int)]),
                .init("Modified", fields: [.init("modifier", int), .init("value", int)]),
                .init("AnyView", fields: [.init("erased", int)]),
                .init("InContainer", fields: [.init("container", container.sort)]),
            ])
        ])[0]
        element = try context.declareDatatypes([
            Z3DatatypeDeclaration("Elem", constructors: [
                .init("Slot", fields: [.init("slotIndex", int)]),
                .init("Arm", fields: [.init("armTaken", bool)]),
                .init("Some"),
                .init("KeyElem", fields: [.init("keyValue", int)]),
                .init("Explicit", fields: [.init("explicitValue", int)]),
                .init("Mod", fields: [.init("modName", int)]),
                .init("ModValue", fields: [.init("modValueName", int), .init("modValueArgument", int)]),
                .init("Erased", fields: [.init("erasedType", int)]),
                .init("Opaque", fields: [.init("generation", int)]),
                .init("ContainerElem", fields: [.init("containerKind", container.sort)]),
                .init("Type", fields: [.init("typeTag", int)]),
            ])
        ])[0]
    }

    /// The Step constructor of `kind`.
    func constructor(of kind: StepKind) throws -> Z3DatatypeConstructor {
        try step.constructor(Self.constructorName(kind))
    }

    /// The Step constructor name of `kind`.
    static func constructorName(_ kind: StepKind) -> String {
        switch kind {
        case .tuple: return "Tuple"
        case .conditional: return "Conditional"
        case .optional: return "Optional"
        case .forEach: return "ForEach"
        case .explicitID: return "ExplicitID"
        case .modified: return "Modified"
        case .anyView: return "AnyView"
        case .container: return "InContainer"
        }
    }

    /// The step kind of a Step constructor name.
    static func kind(ofConstructor name: String) -> StepKind? {
        StepKind.allCases.first { constructorName($0) == name }
    }

    /// The Source constructor name of `source` (`self` is a keyword in SMT-LIB's neighbours).
    static func constructorName(_ source: KeySource) -> String {
        source == .self ? "SelfKey" : source.rawValue.prefix(1).uppercased() + source.rawValue.dropFirst()
    }

    /// The Z3 value of a key source.
    func term(_ value: KeySource) throws -> Z3Term {
        try source.constructor(Self.constructorName(value)).function.apply([])
    }

    /// The Z3 value of a container kind.
    func term(_ value: ContainerKind) throws -> Z3Term {
        try container.constructor(value.rawValue).function.apply([])
    }
}
