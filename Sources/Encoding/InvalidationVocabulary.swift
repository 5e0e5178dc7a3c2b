import Invalidation
import LemmaLogic
import Z3Kit

/// The Z3 symbols of one invalidation path: the last custom view of the path at the path level
/// (`ViewLink`). Its stored properties are a sequence of length `props` given as functions of the
/// index (one function per component of `PropertyValue`, old and new); the view's flags are
/// constants. Kinds and `ViewEquality` are their positions in `allCases`.
struct InvalidationVocabulary {
    let props: Z3Term
    /// For a lemma that names `holdsBindingOf`, the earlier view's own number of stored properties:
    /// the later view's while the identity survives, its own where a new identity is another type
    /// (`AnyView`, FINDINGS.md 46), whose earlier properties the binding atom reads.
    let propsOld: Z3Term?
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
    /// It declares an `@Environment` or `@EnvironmentObject` the lemma does not name
    /// (`ViewLink.declaresUnnamedEnvironment`): part of its type, and it makes the view non-POD (I2).
    let unnamedEnvironment: Z3Term
    /// Per `@Observable` property of the lemma, whether the view's tracking holds it
    /// (`readsProperty`); empty for a lemma that names none, so its script is unchanged.
    let tracks: [Z3Term]
    /// Per `@Observable` property of the lemma, whether the view's body reads it when it runs in the
    /// later render (`bodyReads`); empty for a lemma over two renders that does not name it, so its
    /// script is unchanged.
    let reads: [Z3Term]
    /// The transition the view is at (0 for a lemma over two renders): which changes it sees.
    let transition: Int
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
    /// Over several renders, its `@StateObject`'s objects as numbers: the one held before the
    /// transition, the one the later render's initialiser makes, the one held after (I12, carried
    /// between links by `InvalidationEncoding.carriesObject`).
    let heldObjects: (before: Z3Term, initial: Z3Term, after: Z3Term)?
    /// The location of its `@State`'s storage, for a lemma that names `holdsBindingOf`.
    let stateLocation: Z3Term?
    /// For a path `mutate` names: the `Int` its `@State` held and the value the user set (`p.state`, `p.set`).
    let held, set: Z3Term?
    /// For a path `rowOf` declares: its key kept and its move (`keyKept`, `moved`; `RowChange`).
    let row: (keyKept: Z3Term, moved: Z3Term)?
    /// For a path `mutate` names at the first transition: whether the set view, the link's earlier
    /// one, declares `@State`. Its type is the link's while the identity survives, else its own
    /// (`AnyView`, FINDINGS.md 46); at a later transition it is the link before's later view.
    let hasStateOld: Z3Term?
    /// Under identity rules that retain (`Revival`): the view is revived (`revived(p, r)`), and
    /// whether its body runs then, which docs/invalidation.md leaves open; `nil` where nothing is
    /// retained, so those scripts are unchanged.
    let revived, revivedRuns: Z3Term?

    init(
        path: Int, context: Z3Context, observableProperties: Int = 0, environmentKeys: Int = 0, objects: Int = 0,
        stateObject: Bool = false, bindings: Bool = false, mutated: Bool = false, bodyReads: Bool = false, row: Bool = false,
        revival: Bool = false
    ) {
        self.init(
            name: "v\(path)", context: context, observableProperties: observableProperties, environmentKeys: environmentKeys,
            objects: objects, stateObject: stateObject, bindings: bindings, mutated: mutated, bodyReads: bodyReads, row: row,
            revival: revival)
    }

    init(
        name prefix: String, context: Z3Context, observableProperties: Int = 0, environmentKeys: Int = 0, objects: Int = 0,
        stateObject: Bool = false, bindings: Bool = false, mutated: Bool = false, transition: Int = 0, bodyReads: Bool = false,
        carriesObject: Bool = false, row: Bool = false, revival: Bool = false
    ) {
        let int = context.intSort
        let bool = context.boolSort
        func function(_ name: String, _ range: Z3Sort) -> Z3FunctionDecl {
            context.function("\(prefix).\(name)", domain: [int], range: range)
        }
        props = context.const("\(prefix).props", int)
        propsOld = bindings ? context.const("\(prefix).propsOld", int) : nil
        kindOld = function("kindOld", int)
        kindNew = function("kindNew", int)
        valueOld = function("valueOld", int)
        valueNew = function("valueNew", int)
        capturesOld = function("capturesOld", bool)
        capturesNew = function("capturesNew", bool)
        locationOld = function("locationOld", int)
        locationNew = function("locationNew", int)
        keyPathOld = function("keyPathOld", int)
        keyPathNew = function("keyPathNew", int)
        equality = context.const("\(prefix).eq", int)
        equatable = context.const("\(prefix).equatable", bool)
        hasState = context.const("\(prefix).hasState", bool)
        stateRead = context.const("\(prefix).stateRead", bool)
        stateUnread = context.const("\(prefix).stateUnread", bool)
        signalled = context.const("\(prefix).signalled", bool)
        survives = context.const("\(prefix).survives", bool)
        parentEvaluated = context.const("\(prefix).parentEvaluated", bool)
        initialSame = context.const("\(prefix).initialSame", bool)
        unnamedEnvironment = context.const("\(prefix).unnamedEnvironment", bool)
        tracks = (0..<observableProperties).map { context.const("\(prefix).tracks\($0)", bool) }
        reads = bodyReads ? (0..<observableProperties).map { context.const("\(prefix).reads\($0)", bool) } : []
        self.transition = transition
        declares = (0..<environmentKeys).map { context.const("\(prefix).declares\($0)", bool) }
        keyChanged = (0..<environmentKeys).map { context.const("\(prefix).keyChanged\($0)", bool) }
        observes = (0..<objects).map { context.const("\(prefix).observes\($0)", bool) }
        finds = (0..<objects).map { context.const("\(prefix).finds\($0)", bool) }
        self.stateObject = stateObject
            ? (
                context.const("\(prefix).holdsStateObject", bool), context.const("\(prefix).initialiserChanged", bool),
                context.const("\(prefix).keepsStateObject", bool)
            ) : nil
        heldObjects = stateObject && carriesObject
            ? (context.const("\(prefix).objectBefore", int), context.const("\(prefix).objectInitial", int), context.const("\(prefix).objectAfter", int))
            : nil
        stateLocation = bindings ? context.const("\(prefix).stateLocation", int) : nil
        held = mutated ? context.const("\(prefix).held", int) : nil
        set = mutated ? context.const("\(prefix).set", int) : nil
        self.row = row ? (context.const("\(prefix).keyKept", bool), context.const("\(prefix).moved", bool)) : nil
        hasStateOld = mutated && transition == 0 ? context.const("\(prefix).hasStateOld", bool) : nil
        revived = revival ? context.const("\(prefix).revived", bool) : nil
        revivedRuns = revival ? context.const("\(prefix).revivedRuns", bool) : nil
    }

    static func code(_ kind: PropertyKind) -> Int { PropertyKind.allCases.firstIndex(of: kind)! }
    static func code(_ equality: ViewEquality) -> Int { ViewEquality.allCases.firstIndex(of: equality)! }
}
