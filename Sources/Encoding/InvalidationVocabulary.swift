import Invalidation
import LemmaLogic
import Z3Kit

/// The Z3 symbols of one invalidation path: the last custom view of the path at the path level
/// (`ViewLink`). Its stored properties are a sequence of length `props` given as functions of the
/// index (one function per component of `PropertyValue`, old and new); the view's flags are
/// constants. Kinds and `ViewEquality` are their positions in `allCases`.
struct InvalidationVocabulary {
    let props: Z3Term
    let kindOld, kindNew: Z3FunctionDecl
    /// A plain value, a binding's snapshot or an object.
    let valueOld, valueNew: Z3FunctionDecl
    let capturesOld, capturesNew: Z3FunctionDecl
    let locationOld, locationNew: Z3FunctionDecl
    let keyPathOld, keyPathNew: Z3FunctionDecl
    let equality: Z3Term
    let equatable, hasState, stateRead, stateUnread, signalled, survives, parentEvaluated: Z3Term
    /// The `@State`'s initial value is the old value's (`p.initialSame`; I3).
    let initialSame: Z3Term
    /// Per `@Observable` property of the lemma, whether the view's tracking holds it
    /// (`readsProperty`); empty for a lemma that names none, so its script is unchanged.
    let tracks: [Z3Term]
    /// Per environment key of the lemma, whether the view declares it (`declaresKey`) and whether
    /// its value reaching the view changed (`environmentChanged`); empty for a lemma that names none.
    let declares, keyChanged: [Z3Term]
    /// Per object of the lemma, whether the view holds it in an `@ObservedObject` (`observesObject`)
    /// and whether its `@EnvironmentObject` resolves to it (`findsObject`); empty for a lemma that
    /// names none.
    let observes, finds: [Z3Term]
    /// Its `@StateObject`: declared, initialiser changed, object kept (`holdsStateObject`,
    /// `initialiserChanged`, `keepsStateObject`), for a lemma that names them.
    let stateObject: (holds: Z3Term, initialiserChanged: Z3Term, kept: Z3Term)?
    /// The location of its `@State`'s storage, for a lemma that names `holdsBindingOf`.
    let stateLocation: Z3Term?
    /// For a path `mutate` names: the `Int` its `@State` held and the value the user set (`p.state`, `p.set`).
    let held, set: Z3Term?

    init(
        path: Int, context: Z3Context, observableProperties: Int = 0, environmentKeys: Int = 0, objects: Int = 0,
        stateObject: Bool = false, bindings: Bool = false, mutated: Bool = false
    ) {
        try self.init(
            name: "v\(path)", context: context, observableProperties: observableProperties, environmentKeys: environmentKeys,
            objects: objects, stateObject: stateObject, bindings: bindings, mutated: mutated)
    }

    init(
        name prefix: String, context: Z3Context, observableProperties: Int = 0, environmentKeys: Int = 0, objects: Int = 0,
        stateObject: Bool = false, bindings: Bool = false, mutated: Bool = false
    ) {
        let int = context.intSort
        let bool = context.boolSort
        func function(_ name: String, _ range: Z3Sort) -> Z3FunctionDecl {
            context.function("\(prefix).\(name)", domain: [int], range: range)
        }
        props = try context.const("\(prefix).props", int)
        kindOld = try function("kindOld", int)
        kindNew = try function("kindNew", int)
        valueOld = try function("valueOld", int)
        valueNew = try function("valueNew", int)
        capturesOld = try function("capturesOld", bool)
        capturesNew = try function("capturesNew", bool)
        locationOld = try function("locationOld", int)
        locationNew = try function("locationNew", int)
        keyPathOld = try function("keyPathOld", int)
        keyPathNew = try function("keyPathNew", int)
        equality = try context.const("\(prefix).eq", int)
        equatable = try context.const("\(prefix).equatable", bool)
        hasState = try context.const("\(prefix).hasState", bool)
        stateRead = try context.const("\(prefix).stateRead", bool)
        stateUnread = try context.const("\(prefix).stateUnread", bool)
        signalled = try context.const("\(prefix).signalled", bool)
        survives = try context.const("\(prefix).survives", bool)
        parentEvaluated = try context.const("\(prefix).parentEvaluated", bool)
        initialSame = try context.const("\(prefix).initialSame", bool)
        tracks = (0..<observableProperties).map { context.const("\(prefix).tracks\($0)", bool) }
        declares = (0..<environmentKeys).map { context.const("\(prefix).declares\($0)", bool) }
        keyChanged = (0..<environmentKeys).map { context.const("\(prefix).keyChanged\($0)", bool) }
        observes = (0..<objects).map { context.const("\(prefix).observes\($0)", bool) }
        finds = (0..<objects).map { context.const("\(prefix).finds\($0)", bool) }
        self.stateObject = stateObject
            ? (
                context.const("\(prefix).holdsStateObject", bool), context.const("\(prefix).initialiserChanged", bool),
                context.const("\(prefix).keepsStateObject", bool)
            ) : nil
        stateLocation = bindings ? context.const("\(prefix).stateLocation", int) : nil
        held = mutated ? context.const("\(prefix).held", int) : nil
        set = mutated ? context.const("\(prefix).set", int) : nil
    }

    static func code(_ kind: PropertyKind) -> Int { PropertyKind.allCases.firstIndex(of: kind)! }
    static func code(_ equality: ViewEquality) -> Int { ViewEquality.allCases.firstIndex(of: equality)! }
}
