import IdentityModel
import LemmaLogic
import Z3Kit

/// The Z3 sorts of the path-level model: path steps, path elements, key sources and containers.
///
/// Constructor and field names follow `PathStep` and `PathElement`, capitalised for constructors,
/// so exported SMT-LIB scripts read like the step table of Lemmas/README.md.
final class IdentityVocabulary {
    let context: Z3Context
    let step: Z3Datatype
    let elementType: Z3Datatype
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
        let step = try context.declareDatatypes([
            Z3DatatypeDeclaration("Step", constructors: StepKind.allCases.map { kind in
                .init(Self.constructorName(kind), fields: StepField.allCases.filter { $0.owner == kind }.map { field in
                    switch field.sort {
                    case .bool: return .init(field.rawValue, bool)
                    case .source: return .init(field.rawValue, enums[0].sort)
                    case .container: return .init(field.rawValue, enums[1].sort)
                    default: return .init(field.rawValue, int)
                    }
                })
            })
        ])[0]
        let elementType = try context.declareDatatypes([
            Z3DatatypeDeclaration("Elem", constructors: ElementConstructor.allCases.map { constructor in
                .init(constructor.rawValue, fields: constructor.fieldNames.map { name in
                    switch constructor {
                    case .arm: return .init(name, bool)
                    case .container: return .init(name, enums[1].sort)
                    default: return .init(name, int)
                    }
                })
            })
        ])[0]
        self.step = step
        self.elementType = elementType
        stepConstructors = StepKind.allCases.map { step.constructor(Self.constructorName($0)) }
        elementConstructors = ElementConstructor.allCases.map { elementType.constructor($0.rawValue) }
    }

    /// The Step constructors, in `StepKind.allCases` order.
    private let stepConstructors: [Z3DatatypeConstructor]
    /// The Elem constructors, in `ElementConstructor.allCases` order.
    private let elementConstructors: [Z3DatatypeConstructor]

    /// The Step constructor of `kind`.
    func constructor(of kind: StepKind) -> Z3DatatypeConstructor {
        stepConstructors[StepKind.allCases.firstIndex(of: kind) ?? 0]
    }

    /// `field` of `step`, a Step term; Z3 leaves it unspecified unless `step` is of the field's kind.
    func field(_ field: StepField, of step: Z3Term) throws -> Z3Term {
        guard let owner = field.owner else { throw EncodingError.undecodable("the kind of a step is not a field") }
        return constructor(of: owner).field(field.rawValue, of: step)
    }

    /// Whether `step`, a Step term, is of `kind`.
    func isStep(_ kind: StepKind, _ step: Z3Term) -> Z3Term {
        constructor(of: kind).test(step)
    }

    /// The Elem value built by `constructor` from `fields`.
    func element(_ constructor: ElementConstructor, _ fields: Z3Term...) -> Z3Term {
        elementConstructors[ElementConstructor.allCases.firstIndex(of: constructor) ?? 0].function.apply(fields)
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
    func term(_ value: KeySource) -> Z3Term {
        source.constructor(Self.constructorName(value)).function.apply([])
    }

    /// The Z3 value of a container kind.
    func term(_ value: ContainerKind) -> Z3Term {
        container.constructor(value.rawValue).function.apply([])
    }
}
