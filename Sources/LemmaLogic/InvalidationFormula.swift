/// A resolved formula of an invalidation lemma: about the last custom view of each path at each
/// transition (a pair of consecutive renders, numbered from 0), its parent's evaluation and its
/// identity's survival.
package indirect enum InvalidationFormula: Hashable, Sendable, CustomStringConvertible {
    case constant(Bool)
    case not(InvalidationFormula)
    case and([InvalidationFormula])
    case or([InvalidationFormula])
    case implies(InvalidationFormula, InvalidationFormula)
    /// `exists`/`forall` property index `variable` in `0 ..< props(path)`.
    case exists(variable: Int, path: Int, InvalidationFormula)
    case forall(variable: Int, path: Int, InvalidationFormula)
    case compare(Comparison, InvalidationTerm, InvalidationTerm)
    /// `evaluated(p, r)`: the view's body runs in the later render of `transition`.
    case evaluated(Int, transition: Int = 0)
    /// `parentEvaluated(p, r)`: the body of the view's parent runs in the later render of `transition`.
    case parentEvaluated(Int, transition: Int = 0)
    /// `rendered(p, r)`: the view's identity in the later render of `transition` was in its earlier
    /// render (it survives, I1).
    case survives(Int, transition: Int = 0)
    /// `readsProperty(p, a[, r])`: at `transition`, before the later render's evaluation, the view's
    /// tracking holds the lemma's `@Observable` property number `property` (I8 "@Observable").
    case tracks(Int, property: Int, transition: Int = 0)
    /// `bodyReads(p, a, r)`: the view's body, when it runs in the later render of `transition`,
    /// reads property number `property` (what that evaluation adds to its tracking).
    case bodyReads(Int, property: Int, transition: Int = 0)
    /// `propertyChanged(a, r)`: a committed change of the lemma's `@Observable` property number
    /// `property` in `transition` (since the render before its later one).
    case propertyChanged(property: Int, transition: Int = 0)
    /// `declaresKey(p, k)`: the view declares an `@Environment` property for the lemma's key number `key`.
    case declaresKey(Int, key: Int)
    /// `environmentChanged(p, k, r)`: the value of the lemma's key number `key` reaching the view
    /// changed in `transition` (since the render before its later one; I10).
    case environmentChanged(Int, key: Int, transition: Int = 0)
    /// `holdsBindingOf(q, p, r)`: `q`'s view held a located binding to `p`'s `@State` in render
    /// `render` (the earlier render of transition `render`; `holdsBindingOf(q, p)` is the first).
    case holdsBinding(Int, of: Int, render: Int = 0)
    /// `observesObject(p, m)`: the view holds the lemma's object number `object` in an
    /// `@ObservedObject` property (I11).
    case observesObject(Int, object: Int)
    /// `findsObject(p, m)`: the view declares an `@EnvironmentObject` that the environment reaching
    /// it resolves to the lemma's object number `object` (I11).
    case findsObject(Int, object: Int)
    /// `objectSent(m, r)`: the lemma's object number `object` sent `objectWillChange` in
    /// `transition` (since the render before its later one; `send model(n)`; I11).
    case objectSent(object: Int, transition: Int = 0)
    /// `holdsStateObject(p)`: the view declares an `@StateObject` (I12).
    case holdsStateObject(Int)
    /// `initialiserChanged(p, r)`: the view's `@StateObject` initialiser in the later render makes
    /// another object than the one it held in the earlier render.
    case initialiserChanged(Int, transition: Int = 0)
    /// `keepsStateObject(p, r)`: the view's `@StateObject` holds in the later render the object it
    /// held in the earlier one (I12).
    case keepsStateObject(Int, transition: Int = 0)
    /// `keyKept(q, r)`: the key of the row (`rowOf`) in the later render of `transition` was a key
    /// of its `ForEach` in the earlier render (R8).
    case keyKept(Int, transition: Int = 0)
    /// `moved(q, r)`: the row (`rowOf`) is at another offset of its `ForEach` in the later render
    /// of `transition` than in the earlier one.
    case moved(Int, transition: Int = 0)
    /// `revived(p, r)`: the view's identity in the later render of `transition` was not in its
    /// earlier render but comes back from an earlier one a lazy container retained (R7; `Revival`).
    case revived(Int, transition: Int = 0)

    package var description: String {
        switch self {
        case .constant(let value): return "\(value)"
        case .not(let body): return "!(\(body))"
        case .and(let parts): return parts.isEmpty ? "true" : "(" + parts.map(\.description).joined(separator: " && ") + ")"
        case .or(let parts): return parts.isEmpty ? "false" : "(" + parts.map(\.description).joined(separator: " || ") + ")"
        case .implies(let lhs, let rhs): return "(\(lhs) => \(rhs))"
        case .exists(let variable, let path, let body): return "(exists i\(variable) in p\(path): \(body))"
        case .forall(let variable, let path, let body): return "(forall i\(variable) in p\(path): \(body))"
        case .compare(let op, let lhs, let rhs): return "\(lhs) \(op.rawValue) \(rhs)"
        case .evaluated(let path, let transition): return "evaluated(p\(path)\(Self.at(transition)))"
        case .parentEvaluated(let path, let transition): return "parentEvaluated(p\(path)\(Self.at(transition)))"
        case .survives(let path, let transition): return "survives(p\(path)\(Self.at(transition)))"
        case .tracks(let path, let property, let transition): return "readsProperty(p\(path), o\(property)\(Self.at(transition)))"
        case .bodyReads(let path, let property, let transition): return "bodyReads(p\(path), o\(property)\(Self.at(transition)))"
        case .propertyChanged(let property, let transition): return "propertyChanged(o\(property)\(Self.at(transition)))"
        case .declaresKey(let path, let key): return "declaresKey(p\(path), k\(key))"
        case .environmentChanged(let path, let key, let transition): return "environmentChanged(p\(path), k\(key)\(Self.at(transition)))"
        case .holdsBinding(let holder, let owner, let render): return "holdsBindingOf(p\(holder), p\(owner)\(Self.at(render)))"
        case .observesObject(let path, let object): return "observesObject(p\(path), m\(object))"
        case .findsObject(let path, let object): return "findsObject(p\(path), m\(object))"
        case .objectSent(let object, let transition): return "objectSent(m\(object)\(Self.at(transition)))"
        case .holdsStateObject(let path): return "holdsStateObject(p\(path))"
        case .initialiserChanged(let path, let transition): return "initialiserChanged(p\(path)\(Self.at(transition)))"
        case .keepsStateObject(let path, let transition): return "keepsStateObject(p\(path)\(Self.at(transition)))"
        case .keyKept(let path, let transition): return "keyKept(p\(path)\(Self.at(transition)))"
        case .moved(let path, let transition): return "moved(p\(path)\(Self.at(transition)))"
        case .revived(let path, let transition): return "revived(p\(path)\(Self.at(transition)))"
        }
    }

    /// A transition other than the first, as a suffix: `@t1`.
    static func at(_ transition: Int) -> String { transition == 0 ? "" : " @t\(transition)" }
}
