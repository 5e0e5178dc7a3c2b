extension InvalidationFormula {
    /// The lemma's objects, `@Observable` properties and environment keys a formula names, by number.
    package struct Vocabulary: Hashable, Sendable {
        package var objects: Set<Int> = []
        package var properties: Set<Int> = []
        package var keys: Set<Int> = []

        package init() {}
    }

    /// What this formula names of its lemma's vocabulary.
    package var vocabulary: Vocabulary {
        var found = Vocabulary()
        collect(into: &found)
        return found
    }

    private func collect(into found: inout Vocabulary) {
        switch self {
        case .not(let body), .exists(_, _, let body), .forall(_, _, let body): body.collect(into: &found)
        case .and(let parts), .or(let parts): parts.forEach { $0.collect(into: &found) }
        case .implies(let lhs, let rhs):
            lhs.collect(into: &found)
            rhs.collect(into: &found)
        case .tracks(_, let property, _), .bodyReads(_, let property, _), .propertyChanged(let property, _): found.properties.insert(property)
        case .declaresKey(_, let key), .environmentChanged(_, let key, _): found.keys.insert(key)
        case .observesObject(_, let object), .findsObject(_, let object), .objectSent(let object, _): found.objects.insert(object)
        case .constant, .compare, .evaluated, .parentEvaluated, .survives, .holdsBinding, .holdsStateObject,
            .initialiserChanged, .keepsStateObject, .keyKept, .moved, .revived:
            break
        }
    }

    /// The formula with its objects, properties and keys numbered anew (`old -> new`), maps built
    /// from the `vocabulary` of the formulas renumbered; a number missing from a map stays.
    package func renumbered(objects: [Int: Int], properties: [Int: Int], keys: [Int: Int]) -> InvalidationFormula {
        func again(_ formula: InvalidationFormula) -> InvalidationFormula {
            formula.renumbered(objects: objects, properties: properties, keys: keys)
        }
        func newProperty(_ number: Int) -> Int { properties[number] ?? number }
        func newKey(_ number: Int) -> Int { keys[number] ?? number }
        func newObject(_ number: Int) -> Int { objects[number] ?? number }
        switch self {
        case .not(let body): return .not(again(body))
        case .exists(let variable, let path, let body): return .exists(variable: variable, path: path, again(body))
        case .forall(let variable, let path, let body): return .forall(variable: variable, path: path, again(body))
        case .and(let parts): return .and(parts.map(again))
        case .or(let parts): return .or(parts.map(again))
        case .implies(let lhs, let rhs): return .implies(again(lhs), again(rhs))
        case .tracks(let path, let property, let transition): return .tracks(path, property: newProperty(property), transition: transition)
        case .bodyReads(let path, let property, let transition):
            return .bodyReads(path, property: newProperty(property), transition: transition)
        case .propertyChanged(let property, let transition): return .propertyChanged(property: newProperty(property), transition: transition)
        case .declaresKey(let path, let key): return .declaresKey(path, key: newKey(key))
        case .environmentChanged(let path, let key, let transition): return .environmentChanged(path, key: newKey(key), transition: transition)
        case .observesObject(let path, let object): return .observesObject(path, object: newObject(object))
        case .findsObject(let path, let object): return .findsObject(path, object: newObject(object))
        case .objectSent(let object, let transition): return .objectSent(object: newObject(object), transition: transition)
        case .constant, .compare, .evaluated, .parentEvaluated, .survives, .holdsBinding, .holdsStateObject,
            .initialiserChanged, .keepsStateObject, .keyKept, .moved, .revived:
            return self
        }
    }
}
