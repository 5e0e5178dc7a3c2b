import Invalidation

/// The path level of invalidation: the last custom view of a path, everything its re-evaluation
/// may depend on (docs/invalidation.md, "Locality"): whether its identity survives (I1), its old and
/// new values and own change (I2–I8), and whether its parent's body ran (I9).
package struct ViewLink: Hashable, Sendable, CustomStringConvertible {
    /// The link's fields, shared by its copies until one of them changes a field (copy on write): the
    /// walks copy links far more often than they change them, and a copy is then one reference. The
    /// sets the walks give every candidate (`tracked`, `reads`, `propertyChanges`, `objectsSent`)
    /// copy nothing when set to the value they hold.
    private var storage: Storage

    package var survives: Bool {
        get { storage.fields.survives }
        set { unique().fields.survives = newValue }
    }
    package var parentEvaluated: Bool {
        get { storage.fields.parentEvaluated }
        set { unique().fields.parentEvaluated = newValue }
    }
    /// The stored properties' values in the earlier render, in declaration order.
    package var old: [PropertyValue] {
        get { storage.fields.old }
        set { unique().fields.old = newValue }
    }
    /// The same properties' values in the later render.
    package var new: [PropertyValue] {
        get { storage.fields.new }
        set { unique().fields.new = newValue }
    }
    package var equality: ViewEquality {
        get { storage.fields.equality }
        set { unique().fields.equality = newValue }
    }
    /// Wrapped in `.equatable()` (only with an `Equatable` view).
    package var equatable: Bool {
        get { storage.fields.equatable }
        set { unique().fields.equatable = newValue }
    }
    package var hasState: Bool {
        get { storage.fields.hasState }
        set { unique().fields.hasState = newValue }
    }
    /// The change of the `@State` its body read, if one changed, else of one it did not read.
    package var stateChange: StateChange {
        get { storage.fields.stateChange }
        set { unique().fields.stateChange = newValue }
    }
    /// With a read state changed: another `@State` of the view, one the body did not read, changed
    /// too (a view may declare several; FINDINGS.md 14).
    package var unreadStateAlsoChanged: Bool {
        get { storage.fields.unreadStateAlsoChanged }
        set { unique().fields.unreadStateAlsoChanged = newValue }
    }
    package var signalled: Bool {
        get { storage.fields.signalled }
        set { unique().fields.signalled = newValue }
    }
    /// With `@State`: the new view value holds another initial value (`State(initialValue:)`,
    /// `initialStates`), which the comparison reads under `stateInitialValue: .compared` (I3).
    package var initialChanged: Bool {
        get { storage.fields.initialChanged }
        set { unique().fields.initialChanged = newValue }
    }
    /// It declares an `@Environment` or `@EnvironmentObject` the lemma does not name (FINDINGS.md
    /// 42): part of its type, so the same before and after, and it makes the view non-POD (I2). In
    /// trees an `@Environment` of `unnamedKey`, which no write changes: it signals nothing.
    package var declaresUnnamedEnvironment: Bool {
        get { storage.fields.declaresUnnamedEnvironment }
        set { unique().fields.declaresUnnamedEnvironment = newValue }
    }
    /// The lemma's `@Observable` properties (numbers into `InvalidationLemmaSpec.observableProperties`)
    /// its body's tracking holds: read in its last evaluation (`readsProperty(p, a)`; I8 "@Observable").
    package var tracked: Set<Int> {
        get { storage.fields.tracked }
        set { if newValue != storage.fields.tracked { unique().fields.tracked = newValue } }
    }
    /// The lemma's `@Observable` properties its body reads when it runs in the later render
    /// (`bodyReads(p, a, r)`): what that evaluation adds to its tracking (`trackingAfter`).
    package var reads: Set<Int> {
        get { storage.fields.reads }
        set { if newValue != storage.fields.reads { unique().fields.reads = newValue } }
    }
    /// The lemma's `@Observable` properties with a committed change since the previous render
    /// (`propertyChanged(a, r)`); one object's, so the same for every path of a transition.
    package var propertyChanges: Set<Int> {
        get { storage.fields.propertyChanges }
        set { if newValue != storage.fields.propertyChanges { unique().fields.propertyChanges = newValue } }
    }
    /// The lemma's environment keys (numbers into `InvalidationLemmaSpec.environmentKeys`) the view
    /// declares `@Environment` properties for (`declaresKey(p, k)`): part of its type, so the same
    /// before and after, and they make it non-POD (I2).
    package var declaredKeys: Set<Int> {
        get { storage.fields.declaredKeys }
        set { unique().fields.declaredKeys = newValue }
    }
    /// The lemma's environment keys whose value reaching the view changed (`environmentChanged(p, k, r)`;
    /// per view: the innermost write on its path, I10).
    package var keyChanges: Set<Int> {
        get { storage.fields.keyChanges }
        set { unique().fields.keyChanges = newValue }
    }
    /// The lemma's objects (numbers into `InvalidationLemmaSpec.objects`) the view holds in
    /// `@ObservedObject` properties (`observesObject(p, m)`), the same before and after: a stored
    /// reference, compared by identity (I7), which makes it non-POD.
    package var observedObjects: Set<Int> {
        get { storage.fields.observedObjects }
        set { unique().fields.observedObjects = newValue }
    }
    /// The lemma's objects the view's `@EnvironmentObject`s resolve to (`findsObject(p, m)`; the
    /// innermost `.environmentObject` on its path, I11), the same before and after.
    package var foundObjects: Set<Int> {
        get { storage.fields.foundObjects }
        set { unique().fields.foundObjects = newValue }
    }
    /// The lemma's objects that sent `objectWillChange` since the previous render
    /// (`objectSent(m, r)`); the objects', so the same for every path of a transition.
    package var objectsSent: Set<Int> {
        get { storage.fields.objectsSent }
        set { if newValue != storage.fields.objectsSent { unique().fields.objectsSent = newValue } }
    }
    /// It declares an `@StateObject` (`holdsStateObject(p)`; part of its type, a reference: non-POD).
    package var holdsStateObject: Bool {
        get { storage.fields.holdsStateObject }
        set { unique().fields.holdsStateObject = newValue }
    }
    /// Its `@StateObject`'s initialiser in the later render makes another object than the one held
    /// before (`initialiserChanged(p, r)`). The initialiser is part of the value its parent's body
    /// made, so a skipped parent hands down the earlier one; that is the held object only where the
    /// object is the initialiser's every render (not under `.oncePerIdentity`, where an object kept
    /// from an earlier render may differ from an initialiser changed since).
    package var initialiserChanged: Bool {
        get { storage.fields.initialiserChanged }
        set { unique().fields.initialiserChanged = newValue }
    }
    /// Its `@StateObject` holds the same object after as before (`keepsStateObject(p, r)`): under
    /// I12 the identity's object while it survives, else the initialiser's.
    package var keepsStateObject: Bool {
        get { storage.fields.keepsStateObject }
        set { unique().fields.keepsStateObject = newValue }
    }
    /// The location of its `@State`'s storage, the one `stateChange` is about: a located binding
    /// to it (`$state`, `$state.field`) held by another view sets its sticky read flag (I8).
    package var stateLocation: Int {
        get { storage.fields.stateLocation }
        set { unique().fields.stateLocation = newValue }
    }
    /// With `mutate p after r`: the user's set of its `@State` between the renders, from which its
    /// own state change follows (`isRealizable`); `nil` for a view whose state changes freely.
    package var stateSet: StateSet? {
        get { storage.fields.stateSet }
        set { unique().fields.stateSet = newValue }
    }
    /// For a row of a `ForEach` in its parent's body (`rowOf`): its key kept and its move; `nil`
    /// for a view that is no lemma's row.
    package var row: RowChange? {
        get { storage.fields.row }
        set { unique().fields.row = newValue }
    }
    /// The earlier view's type where it is another than the later view's, which only a new identity
    /// may have (`AnyView`, FINDINGS.md 46), its stored properties being `old`, of any count and
    /// kinds; `nil` for the later view's type, properties included.
    package var oldType: ViewLinkType? {
        get { storage.fields.oldType }
        set { unique().fields.oldType = newValue }
    }

    /// Creates a link.
    package init(
        survives: Bool, parentEvaluated: Bool, old: [PropertyValue], new: [PropertyValue], equality: ViewEquality = .notEquatable,
        equatable: Bool = false, hasState: Bool = false, stateChange: StateChange = .none, unreadStateAlsoChanged: Bool = false,
        signalled: Bool = false, initialChanged: Bool = false, declaresUnnamedEnvironment: Bool = false, tracked: Set<Int> = [],
        reads: Set<Int> = [], propertyChanges: Set<Int> = [],
        declaredKeys: Set<Int> = [], keyChanges: Set<Int> = [], observedObjects: Set<Int> = [], foundObjects: Set<Int> = [],
        objectsSent: Set<Int> = [], holdsStateObject: Bool = false, initialiserChanged: Bool = false, keepsStateObject: Bool = false,
        stateLocation: Int = 0, stateSet: StateSet? = nil, row: RowChange? = nil, oldType: ViewLinkType? = nil
    ) {
        storage = Storage(
            Fields(survives: survives, parentEvaluated: parentEvaluated, old: old, new: new, equality: equality,
                equatable: equatable, hasState: hasState, stateChange: stateChange,
                unreadStateAlsoChanged: unreadStateAlsoChanged, signalled: signalled, initialChanged: initialChanged,
                declaresUnnamedEnvironment: declaresUnnamedEnvironment, tracked: tracked, reads: reads,
                propertyChanges: propertyChanges, declaredKeys: declaredKeys, keyChanges: keyChanges,
                observedObjects: observedObjects, foundObjects: foundObjects, objectsSent: objectsSent,
                holdsStateObject: holdsStateObject, initialiserChanged: initialiserChanged, keepsStateObject: keepsStateObject,
                stateLocation: stateLocation, stateSet: stateSet, row: row, oldType: oldType))
    }

    /// The stored fields of a link.
    private struct Fields: Hashable, Sendable {
        var survives: Bool
        var parentEvaluated: Bool
        var old: [PropertyValue]
        var new: [PropertyValue]
        var equality: ViewEquality
        var equatable: Bool
        var hasState: Bool
        var stateChange: StateChange
        var unreadStateAlsoChanged: Bool
        var signalled: Bool
        var initialChanged: Bool
        var declaresUnnamedEnvironment: Bool
        var tracked: Set<Int>
        var reads: Set<Int>
        var propertyChanges: Set<Int>
        var declaredKeys: Set<Int>
        var keyChanges: Set<Int>
        var observedObjects: Set<Int>
        var foundObjects: Set<Int>
        var objectsSent: Set<Int>
        var holdsStateObject: Bool
        var initialiserChanged: Bool
        var keepsStateObject: Bool
        var stateLocation: Int
        var stateSet: StateSet?
        var row: RowChange?
        var oldType: ViewLinkType?
    }

    /// The box its copies share; changed only through `unique()`, so never while shared.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    /// The storage, first copied if another link shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    package static func == (lhs: ViewLink, rhs: ViewLink) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// The later view's type.
    package var newType: ViewLinkType {
        ViewLinkType(equality: equality, equatable: equatable, hasState: hasState, declaresUnnamedEnvironment: declaresUnnamedEnvironment)
    }

    /// The earlier view's type: `oldType`, else the later view's.
    package var earlierType: ViewLinkType { oldType ?? newType }

    /// Whether Swift could build it: `.equatable()` needs an `Equatable` view, a state change needs
    /// `@State`, the old and new values have the same properties, each of one kind (a binding
    /// may be made another way), unless the earlier view of a new identity has a type of its own
    /// (`oldType`), a surviving identity keeps its type, and a set state (`mutate`) is the earlier
    /// view's.
    package var isWellFormed: Bool {
        ((oldType != nil && !survives) || sameProperties) && (!equatable || equality != .notEquatable)
            && (hasState || stateChange == .none)
            && (!unreadStateAlsoChanged || stateChange == .changedRead) && (hasState || !initialChanged)
            && (holdsStateObject || (!initialiserChanged && !keepsStateObject))
            && (stateSet == nil || earlierType.hasState)
            && oldType.map { $0.isWellFormed && (!survives || $0 == newType) } ?? true
    }

    /// Whether a tree can give the view this link under `rules` (FINDINGS.md 11). Not a choice
    /// but what every tree does: a child's view value (its identity's steps and its stored
    /// properties) is a field of its parent body's output, so a view its parent did not reach
    /// (`i9ChildReached`: the parent's body did not run) has the identity and the values it had,
    /// its `@State`'s initial value included, and a view with a new identity is a new view with
    /// fresh state (its initial value free), whose state cannot have
    /// changed since a render it was not in and whose body has tracked nothing (`i1IdentityGate`). The root's parent, the host,
    /// always runs, so only the second half binds it. Under `childrenAlwaysCompared` a child is
    /// reached whatever its parent did, and under `identityChangeCompared` a new identity is
    /// compared as if it had survived: those mutants drop the matching half.
    /// A set state (`stateSet`) changes as the set says and no other state of the view changes.
    /// A row below a skipped parent keeps its key and its offset (the `ForEach`'s data is handed down).
    package func isRealizable(under rules: InvalidationRules) -> Bool {
        (rules.i9ChildReached(parentEvaluated: parentEvaluated)
            || (survives && !initialChanged && zip(old, new).allSatisfy(Self.same) && (row?.isHandedDown ?? true)
                && (!initialiserChanged || Self.keeps(survives: true, initialiserChanged: true, under: rules))))
            && (rules.i1IdentityGate(survives: survives) || (stateChange == .none && tracked.isEmpty))
            && (!holdsStateObject || keepsStateObject == Self.keeps(survives: survives, initialiserChanged: initialiserChanged, under: rules))
            && stateSet.map { stateChange == $0.change(survives: survives, under: rules) && !unreadStateAlsoChanged } ?? true
    }

    /// I12 (`InvalidationRules.i12StateObject`): whether a state object holding object 1, whose
    /// later initialiser makes object 2 when it changed, holds object 1 after the transition.
    package static func keeps(survives: Bool, initialiserChanged: Bool, under rules: InvalidationRules) -> Bool {
        rules.i12StateObject(initial: initialiserChanged ? 2 : 1, held: survives ? 1 : nil) == 1
    }

    /// The objects the state object holds in the trees, before and after: numbered above every
    /// object the link names otherwise.
    package var stateObjects: (before: Int, after: Int) {
        let named = observedObjects.union(foundObjects).union(objectsSent).max().map { $0 + 1 } ?? 0
        let held = objectNumber(named)
        return (held, keepsStateObject ? held : held + 1)
    }

    /// The `@Observable` facts `BodyEvaluator` reads (`ViewNode.observedReadChanged`,
    /// `observedObjectChanged`), derived from what its tracking holds and what changed as the
    /// scenario runner derives them, the lemma's properties being one object's.
    package var observedChanges: (readChanged: Bool, objectChanged: Bool) {
        ObservedProperty.changes(read: Set(tracked.map(Self.observedProperty)), changed: Set(propertyChanges.map(Self.observedProperty)))
    }

    /// What the body's tracking holds after the later render (I8's `i8Tracking`), the body having
    /// run or not (`evaluated`, as the trees said): the registrar's rule between two consecutive links,
    /// which Z3's `continues` states too. A tracking fires when a property it holds changed.
    package func trackingAfter(evaluated: Bool, under rules: InvalidationRules) -> Set<Int> {
        rules.i8Tracking(
            held: tracked, read: reads, survives: survives, fired: !tracked.isDisjoint(with: propertyChanges), evaluated: evaluated)
    }

    /// The lemma's `@Observable` property `index` in trees: a property of object 1.
    package static func observedProperty(_ index: Int) -> ObservedProperty { ObservedProperty(object: 1, property: "o\(index)") }

    /// Whether `holder`'s earlier value holds a located binding (`$state`, `$state.field`) to
    /// `owner`'s `@State` (`holdsBindingOf(q, p)`), which sets the storage's sticky read flag: the
    /// binding's box update calls `StoredLocationBase.update()` (I8 "The read flag").
    package static func holdsBinding(_ holder: ViewLink, of owner: ViewLink) -> Bool {
        holdsBinding(holder.old, of: owner)
    }

    /// Whether a view holding `properties` holds a located binding to `owner`'s `@State`.
    package static func holdsBinding(_ properties: [PropertyValue], of owner: ViewLink) -> Bool {
        owner.hasState && properties.contains {
            switch $0 {
            case .projectedBinding(let location, _), .keyPathBinding(let location, _, _): return location == owner.stateLocation
            default: return false
            }
        }
    }

    /// The stored properties of the view of `history` (one link per transition) in render `render`,
    /// as the trees build it: the first link's earlier value, then each link's later one.
    package static func values(of history: [ViewLink], at render: Int) -> [PropertyValue] {
        render == 0 ? history[0].old : history[render - 1].new
    }

    /// Whether the trees can give `history` (one view's links, one per transition) its unread
    /// changes: a change its body read sets the storage's sticky flag until the identity ends, and
    /// under a shared flag a later change of it is then a read one (I8 "The read flag"): the flags
    /// `ViewChainTrees.flags` gives the view alone, no binding held to it, as `flagAllows` reads them.
    package static func ownReadsAllow(_ history: [ViewLink], under rules: InvalidationRules) -> Bool {
        let flags = ViewChainTrees.flags(histories: [history], stateChanges: [history.map(\.stateChange)], bindings: [], evaluated: [])
        return zip(history, flags[0]).allSatisfy { link, flagged in flagAllows(flagged: flagged, owner: link, under: rules) }
    }

    /// Whether a tree can give `owner` its state change when its storage's sticky read flag is
    /// `flagged` before it (I8): a change of a flagged state counts as read under a shared flag.
    package static func flagAllows(flagged: Bool, owner: ViewLink, under rules: InvalidationRules) -> Bool {
        owner.stateChange != .changedUnread || !flagged || rules.i8StateChange(.changedUnread, locationWasRead: true) == .changedUnread
    }

    /// The lemma's environment key `index` in trees: `\.k0`, ….
    package static func environmentKey(_ index: Int) -> String { "k\(index)" }

    /// The key of the `@Environment` a view declaring an unnamed one holds in trees: no
    /// `environmentKey`, so no lemma's.
    package static let unnamedKey = "unnamed"

    /// The lemma's object `index` in trees (`model(n)`, `send model(n)`): numbered above every
    /// object the view's own properties hold, which are other objects than the lemma's.
    package func objectNumber(_ index: Int) -> Int {
        let held = (old + new).compactMap { value -> Int? in
            switch value {
            case .reference(let object), .observed(let object), .equatableReference(let object, _): return object
            default: return nil
            }
        }
        return max(0, held.max() ?? 0) + 1 + index
    }

    /// The type the lemma's object `index` is found by as an `@EnvironmentObject` in trees: `M0`, ….
    package static func objectType(_ index: Int) -> String { "M\(index)" }

    /// The environment objects reaching the view: each found object's type mapped to it.
    package var environmentObjects: [String: Int] { environmentObjects(numbered: objectNumber) }

    /// `environmentObjects` with the lemma's objects numbered by `number` (one numbering for every
    /// view of a tree, `ViewChainTrees`).
    package func environmentObjects(numbered number: (Int) -> Int) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: foundObjects.map { (Self.objectType($0), number($0)) })
    }

    /// The environment reaching the view in the earlier and the later render: each key it declares
    /// or that changed, 0 before and 1 after a change.
    package var environments: (before: [String: Int], after: [String: Int]) {
        let keys = declaredKeys.union(keyChanges)
        return (
            Dictionary(uniqueKeysWithValues: keys.map { (Self.environmentKey($0), 0) }),
            Dictionary(uniqueKeysWithValues: keys.map { (Self.environmentKey($0), keyChanges.contains($0) ? 1 : 0) })
        )
    }

    /// Whether the old and new values have the same properties, each of one kind (a binding may be
    /// made another way).
    private var sameProperties: Bool {
        old.count == new.count && zip(old, new).allSatisfy { $0.kind == $1.kind || ($0.kind.isBinding && $1.kind.isBinding) }
    }

    /// Whether `next` can be the same place's link at the following transition: when its identity
    /// survives, its old values are this link's new ones and the type (its `==`, `.equatable()`,
    /// `@State`, an unnamed environment declaration) is the same; a new identity may be any, and
    /// its earlier view's type, when it has one of its own (`oldType`), is this link's. (The
    /// initial values follow from the changes: `ViewChainTrees` numbers them.)
    package func isFollowed(by next: ViewLink) -> Bool {
        // A new identity at the place may be another view type (`AnyView`, FINDINGS 46); its earlier
        // view is this link's new one, which the trees are built from, so its own `old` is not read.
        guard next.survives else { return next.oldType.map { $0 == newType } ?? true }
        return next.old == new && next.newType == newType
    }

    /// Whether `next`, the same place's link at the following transition, declares the same
    /// environment keys and holds and finds the same objects: the lemma's declarations are the
    /// same in every render (`InvalidationEncoding.sameDeclarations`).
    package func sameDeclarations(as next: ViewLink) -> Bool {
        next.declaredKeys == declaredKeys && next.observedObjects == observedObjects && next.foundObjects == foundObjects
    }

    /// Whether `next`, the same place's link at the following transition, carries this link's
    /// `@StateObject` as I12 does (`InvalidationEncoding.carriesObject`): the same declaration, and
    /// when its parent did not run, the initialiser handed down: it makes another object than the
    /// one held iff this link kept its object and its initialiser had changed.
    package func carriesStateObject(to next: ViewLink, under rules: InvalidationRules) -> Bool {
        next.holdsStateObject == holdsStateObject
            && (!next.holdsStateObject || rules.i9ChildReached(parentEvaluated: next.parentEvaluated)
                || next.initialiserChanged == (keepsStateObject && initialiserChanged))
    }

    /// The value of `field` (the new render's).
    package func value(of field: ViewField) -> InvalidationValue {
        switch field {
        case .props: return .int(new.count)
        case .pod: return .bool(newValue.isPOD)
        case .equatable: return .bool(equatable)
        case .eq: return .equality(equality)
        case .hasState: return .bool(hasState)
        case .stateRead: return .bool(stateChange == .changedRead)
        case .stateUnread: return .bool(stateChange == .changedUnread || unreadStateAlsoChanged)
        case .signalled: return .bool(signalled)
        case .initialSame: return .bool(!initialChanged)
        // Asked only of a path `mutate` names (E061 otherwise), whose link has a set.
        case .state: return .int(stateSet?.held ?? 0)
        case .set: return .int(stateSet?.set ?? 0)
        }
    }

    /// The value of `field` of property `index`, or `nil` when there is no such property.
    package func value(of field: PropertyField, at index: Int) -> InvalidationValue? {
        guard new.indices.contains(index) else { return nil }
        switch field {
        case .kind: return .propertyKind(new[index].kind)
        case .same: return .bool(old.indices.contains(index) && Self.same(old[index], new[index]))
        case .captures:
            if case .closure(true) = new[index] { return .bool(true) }
            return .bool(false)
        }
    }

    /// Whether two property values are the same value of the same kind (`p[k].same`).
    package static func same(_ a: PropertyValue, _ b: PropertyValue) -> Bool { a == b }

    package var description: String {
        var flags = [survives ? "survives" : "new identity", parentEvaluated ? "parent ran" : "parent skipped"]
        switch stateChange {
        case .changedRead: flags.append(unreadStateAlsoChanged ? "states changed, one read, one unread" : "state changed, read")
        case .changedUnread: flags.append("state changed, unread")
        case .none: break
        }
        if let stateSet { flags.append("state \(stateSet)") }
        if let row { flags.append("row: \(row)") }
        if signalled { flags.append("dependency signalled") }
        if initialChanged { flags.append("initial value changed") }
        if declaresUnnamedEnvironment { flags.append("declares \\.\(Self.unnamedKey)") }
        if !tracked.isEmpty { flags.append("tracks " + tracked.sorted().map { Self.observedProperty($0).description }.joined(separator: ", ")) }
        if !reads.isEmpty { flags.append("body reads " + reads.sorted().map { Self.observedProperty($0).description }.joined(separator: ", ")) }
        if !declaredKeys.isEmpty { flags.append("declares " + declaredKeys.sorted().map { "\\.\(Self.environmentKey($0))" }.joined(separator: ", ")) }
        if !keyChanges.isEmpty { flags.append("environment changed " + keyChanges.sorted().map { "\\.\(Self.environmentKey($0))" }.joined(separator: ", ")) }
        if !observedObjects.isEmpty { flags.append("observes " + objectNames(observedObjects)) }
        if !foundObjects.isEmpty { flags.append("finds " + objectNames(foundObjects)) }
        if !objectsSent.isEmpty { flags.append("sent " + objectNames(objectsSent)) }
        if holdsStateObject {
            flags.append("@StateObject " + (initialiserChanged ? "initialiser changed, " : "initialiser same, ")
                + (keepsStateObject ? "object kept" : "object made again"))
        }
        if !propertyChanges.isEmpty {
            flags.append("changed " + propertyChanges.sorted().map { Self.observedProperty($0).description }.joined(separator: ", "))
        }
        // Two types at the place read as two types under `AnyView`, as the trees print them.
        let named = PlaceTypeNames.named([oldValue, newValue])
        let values = named.values.map { named.erased ? "AnyView(\($0))" : "\($0)" }
        return "\(values[0]) -> \(values[1]) (\(flags.joined(separator: ", ")))"
    }

    private func objectNames(_ objects: Set<Int>) -> String {
        objects.sorted().map { "model\(objectNumber($0))" }.joined(separator: ", ")
    }

    /// The name of property `index` in the trees and the code: `p0`, `p1`, ….
    package static func propertyName(_ index: Int) -> String { propertyNames.indices.contains(index) ? propertyNames[index] : "p\(index)" }

    /// `propertyName` of the first indices, made once: the checker names every candidate's properties.
    private static let propertyNames = (0..<8).map { "p\($0)" }

    /// The `@State`'s initial values a link's trees use, before and after a change: `View(state: 0)`
    /// then `View(state: 1)`.
    package static let initialStates = (before: 0, after: 1)

    /// The view value of the earlier render.
    package var oldValue: ViewValue {
        value(
            old, of: earlierType, initial: Self.initialStates.before, stateObject: stateObjects.before,
            initialiser: stateObjectInitialisers.before)
    }

    /// The objects the `@StateObject`'s initialiser makes in the trees, before and after: the held
    /// one, then another where it changed (the one held after, unless the identity kept its own).
    /// A parent whose body did not run hands its initialiser down (I9): there both are the later
    /// one, and the object held before an earlier initialiser's (FINDINGS.md 54).
    package var stateObjectInitialisers: (before: Int, after: Int) {
        let held = stateObjects.before
        let after = initialiserChanged ? held + 1 : held
        return (parentEvaluated ? held : after, after)
    }

    /// The view value of the later render.
    package var newValue: ViewValue {
        value(
            new, of: newType, initial: initialChanged ? Self.initialStates.after : Self.initialStates.before, stateObject: stateObjects.after,
            initialiser: stateObjectInitialisers.after)
    }

    /// The view value of `type` holding `properties` and, with `@State`, the initial value `initial`.
    /// The `@StateObject` holds `stateObject` (resolved by I12, as the scenario runner resolves it),
    /// and its initialiser makes `initialiser` (by default the one it holds); the lemma's objects are
    /// numbered by `objectNumber` (by default the view's own numbering).
    package func value(
        _ properties: [PropertyValue], of type: ViewLinkType, initial: Int, stateObject: Int? = nil, initialiser: Int? = nil,
        objectNumber: ((Int) -> Int)? = nil
    ) -> ViewValue {
        let number = objectNumber ?? self.objectNumber
        let equality: CustomEquality? = switch type.equality {
        case .notEquatable: nil
        case .alwaysTrue: .alwaysTrue
        case .alwaysFalse: .alwaysFalse
        }
        // Observed objects after the lemma's properties, so `p0`, … keep their numbers.
        let observed = observedObjects.sorted().map { StoredProperty("m\($0)", .observed(object: number($0))) }
            + (holdsStateObject ? stateObject.map { [StoredProperty("store", .observed(object: $0))] } ?? [] : [])
        return ViewValue(
            "View", properties.enumerated().map { StoredProperty(Self.propertyName($0.offset), $0.element) } + observed,
            equality: equality, isEquatableWrapped: type.equatable, hasState: type.hasState, initialState: type.hasState ? initial : nil,
            environment: declaredKeys.sorted().map { EnvironmentProperty("e\($0)", key: Self.environmentKey($0)) }
                + (type.declaresUnnamedEnvironment ? [EnvironmentProperty("u", key: Self.unnamedKey)] : []),
            environmentObjects: foundObjects.sorted().map { EnvironmentProperty("f\($0)", key: Self.objectType($0)) },
            stateObjectInitialisers: holdsStateObject ? (initialiser ?? stateObject).map { ["store": $0] } ?? [:] : [:])
    }
}

extension PropertyKind {
    /// Whether the property is a `Binding`, however it was made (its static type is the same).
    package var isBinding: Bool { self == .manualBinding || self == .projectedBinding || self == .keyPathBinding }
}
