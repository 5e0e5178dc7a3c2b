import Invalidation
import LemmaLogic

/// Resolves names and checks types in the formulas of an invalidation lemma: its paths name views
/// of the last render (and the views at their places in the renders before), its indices their
/// stored properties, a render in a predicate a transition (Lemmas/README.md, "Invalidation lemmas").
struct InvalidationFormulaChecker {
    private enum Operand {
        case typed(InvalidationTerm)
        case integer(Int)
        case enumCase(String)
    }

    /// Path variable → number.
    private let paths: [String: Int]
    private let renders: [String]
    /// Index variable → (number, path number).
    private var indices: [String: (variable: Int, path: Int)] = [:]
    private(set) var indexNames: [String] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// The `@Observable` properties `readsProperty`/`propertyChanged` name, numbered in order of first use.
    private(set) var observableProperties: [String] = []
    /// The environment keys `declaresKey`/`environmentChanged` name, numbered in order of first use.
    private(set) var environmentKeys: [String] = []
    /// The objects `observesObject`/`findsObject`/`objectSent` name, numbered in order of first use.
    private(set) var objects: [String] = []
    /// Every `holdsBindingOf(q, p)` as `(holder, owner)`, where it is written, for E097 (q below p).
    private(set) var bindingPairs: [(holder: Int, owner: Int, at: SourceLocation)] = []

    /// The paths whose state `mutate` sets, each with the transition the set comes before: only they
    /// have `p.state` and `p.set`, which are about that transition.
    private let mutated: [String: Int]

    init(paths: [String], renders: [String], mutated: [String: Int] = [:]) {
        self.paths = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        self.renders = renders
        self.mutated = mutated
    }

    private var later: String { renders[renders.count - 1] }
    /// The last transition: `p.field` and `p[k].field` are about it.
    private var lastTransition: Int { renders.count - 2 }

    /// Reports a misuse of the invalidation lemma's shape (E049).
    mutating func reportShape(_ message: String, at location: SourceLocation) {
        report(.invalidationLemmaShape, message, at: location)
    }

    /// The two path names of `childOf(q, p)` or `rowOf(q, p)`, and whether it is `rowOf`, when
    /// `formula` is that and nothing else.
    func childOfArguments(_ formula: Formula) -> (child: Located<String>, parent: Located<String>, row: Bool)? {
        guard case .predicate(let name, let arguments, _) = formula, name.value == "childOf" || name.value == "rowOf",
            arguments.count == 2, case .variable(let child) = arguments[0], case .variable(let parent) = arguments[1]
        else { return nil }
        return (child, parent, name.value == "rowOf")
    }

    /// The paths of an assumption `childOf(q, p)` (q's view is made by p's view's body) or
    /// `rowOf(q, p)` (q's view is a row of a `ForEach` in that body), with whether it is `rowOf`,
    /// or `nil` when the assumption is something else or names an unbound path (reported).
    mutating func childOf(_ formula: Formula) -> (child: Int, parent: Int, row: Bool)? {
        guard let (child, parent, row) = childOfArguments(formula) else { return nil }
        let resolvedChild = resolvePath(child)
        let resolvedParent = resolvePath(parent)
        guard let resolvedChild, let resolvedParent else { return nil }
        return (resolvedChild, resolvedParent, row)
    }

    /// The paths declared with `rowOf`: only they have `keyKept` and `moved`.
    var rows: Set<Int> = []

    private mutating func report(_ id: DiagnosticID, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(id, message, at: location, notes: notes))
    }

    /// The resolved formula, or `nil` after reporting at least one error.
    mutating func check(_ formula: Formula) -> InvalidationFormula? {
        switch formula {
        case .constant(let value, _): return .constant(value)
        case .not(let body, _): return check(body).map(InvalidationFormula.not)
        case .and(let lhs, let rhs, _): return both(lhs, rhs) { .and([$0, $1]) }
        case .or(let lhs, let rhs, _): return both(lhs, rhs) { .or([$0, $1]) }
        case .implies(let lhs, let rhs, _): return both(lhs, rhs) { .implies($0, $1) }
        case .iff(let lhs, let rhs, _): return both(lhs, rhs) { .and([.implies($0, $1), .implies($1, $0)]) }
        case .quantified(let quantifier, let index, let path, let body, _):
            let resolved = resolvePath(path)
            if paths[index.value] != nil || indices[index.value] != nil {
                report(.duplicateBinding, "'\(index.value)' is already bound", at: index.range.start)
                return nil
            }
            guard let resolved else { return nil }
            let variable = indexNames.count
            indexNames.append(index.value)
            indices[index.value] = (variable, resolved)
            defer { indices[index.value] = nil }
            guard let inner = check(body) else { return nil }
            return quantifier == .exists
                ? .exists(variable: variable, path: resolved, inner) : .forall(variable: variable, path: resolved, inner)
        case .comparison(let op, let lhs, let rhs, let range):
            return comparison(Comparison(op), lhs, rhs, at: range.start)
        case .predicate(let name, let arguments, _):
            return predicate(name, arguments)
        case .pathQuantified(let quantifier, let path, _, _, _):
            report(
                .invalidationLemmaShape,
                "'\(quantifier == .exists ? "exists" : "forall") \(path.value): path in …' inside a formula is identity vocabulary; "
                    + "an invalidation lemma binds its views with 'forall \(path.value): path in \(later)'",
                at: path.range.start)
            return nil
        }
    }

    private mutating func both(
        _ lhs: Formula, _ rhs: Formula, _ make: (InvalidationFormula, InvalidationFormula) -> InvalidationFormula
    ) -> InvalidationFormula? {
        let a = check(lhs)
        let b = check(rhs)
        guard let a, let b else { return nil }
        return make(a, b)
    }

    private mutating func resolvePath(_ name: Located<String>) -> Int? {
        if let number = paths[name.value] { return number }
        report(.unboundPath, "unbound path '\(name.value)'; bind it with 'forall \(name.value): path in \(later)'", at: name.range.start)
        return nil
    }

    private mutating func predicate(_ name: Located<String>, _ arguments: [Term]) -> InvalidationFormula? {
        // A render names the transition into it, or, for `rendered`, the transition out of it.
        let allowed: ArraySlice<String>
        switch name.value {
        case "evaluated", "parentEvaluated", "stateRead", "stateUnread", "signalled", "sameValues", "revived": allowed = renders.dropFirst()
        case "rendered": allowed = renders.dropLast()
        case "readsProperty", "bodyReads", "propertyChanged": return observableAtom(name, arguments)
        case "declaresKey", "environmentChanged": return environmentAtom(name, arguments)
        case "observesObject", "findsObject", "objectSent": return objectAtom(name, arguments)
        case "holdsStateObject", "initialiserChanged", "keepsStateObject": return stateObjectAtom(name, arguments)
        case "holdsBindingOf":
            let earlier = renders.dropLast()
            guard arguments.count == 2 || arguments.count == 3, case .variable(let holder) = arguments[0],
                case .variable(let owner) = arguments[1]
            else {
                report(
                    .badArguments,
                    "'holdsBindingOf' expects two paths and a render another follows (\(earlier.map { "'\($0)'" }.joined(separator: ", "))): "
                        + "holdsBindingOf(q, p, r), or holdsBindingOf(q, p) for the first", at: name.range.start)
                return nil
            }
            // The render the binding is held in: one another render follows, whose change it may flag.
            var render = 0
            if arguments.count == 3 {
                guard case .variable(let named) = arguments[2], let position = earlier.firstIndex(of: named.value) else {
                    report(
                        .badArguments,
                        "argument 3 of 'holdsBindingOf' must be one of the renders \(earlier.map { "'\($0)'" }.joined(separator: ", ")), "
                            + "not '\(arguments[2])'", at: arguments[2].range.start)
                    return nil
                }
                render = position
            }
            let resolvedHolder = resolvePath(holder)
            let resolvedOwner = resolvePath(owner)
            guard let resolvedHolder, let resolvedOwner else { return nil }
            guard resolvedHolder != resolvedOwner else {
                report(.observableAtomShape, "'holdsBindingOf' names two views: a view's own binding to its state is its body's read", at: owner.range.start)
                return nil
            }
            bindingPairs.append((resolvedHolder, resolvedOwner, name.range.start))
            return .holdsBinding(resolvedHolder, of: resolvedOwner, render: render)
        case "childOf", "rowOf":
            report(
                .invalidationLemmaShape,
                "'\(name.value)' declares structure: it must be an assumption of its own, 'assume \(name.value)(q, p)' with two paths",
                at: name.range.start)
            return nil
        case "keyKept", "moved": allowed = renders.dropFirst()
        case "sameView", "sameAddress", "survives", "resets":
            report(
                .invalidationLemmaShape,
                "'\(name.value)' is identity vocabulary; an invalidation lemma says 'rendered(p, \(renders[renders.count - 2]))' for a surviving view",
                at: name.range.start)
            return nil
        default:
            report(
                .unknownName,
                "unknown predicate '\(name.value)'; expected evaluated, parentEvaluated, rendered, revived, stateRead, stateUnread, signalled, sameValues, childOf, "
                    + "rowOf, keyKept, moved, "
                    + "readsProperty, bodyReads, propertyChanged, declaresKey, environmentChanged, holdsBindingOf, observesObject, findsObject, objectSent, holdsStateObject, initialiserChanged "
                    + "or keepsStateObject",
                at: name.range.start)
            return nil
        }
        let expected = allowed.count == 1 ? "the render '\(allowed.first!)'" : "one of the renders \(allowed.map { "'\($0)'" }.joined(separator: ", "))"
        guard arguments.count == 2, case .variable(let pathName) = arguments[0], let path = resolvePath(pathName) else {
            report(.badArguments, "'\(name.value)' expects a path and \(expected)", at: name.range.start)
            return nil
        }
        guard case .variable(let render) = arguments[1], let position = allowed.firstIndex(of: render.value) else {
            report(
                .badArguments, "argument 2 of '\(name.value)' must be \(expected), not '\(arguments[1])'",
                at: arguments[1].range.start)
            return nil
        }
        let transition = name.value == "rendered" ? position : position - 1
        func flag(_ field: ViewField) -> InvalidationFormula {
            .compare(.equal, .view(path: path, field, transition: transition), .bool(true))
        }
        if name.value == "keyKept" || name.value == "moved", !rows.contains(path) {
            report(
                .invalidationLemmaShape,
                "'\(name.value)(\(pathName.value), \(render.value))' is about a ForEach row: declare '\(pathName.value)' with "
                    + "'assume rowOf(\(pathName.value), p)'",
                at: name.range.start)
            return nil
        }
        switch name.value {
        case "keyKept": return .keyKept(path, transition: transition)
        case "revived": return .revived(path, transition: transition)
        case "moved": return .moved(path, transition: transition)
        case "evaluated": return .evaluated(path, transition: transition)
        case "parentEvaluated": return .parentEvaluated(path, transition: transition)
        case "stateRead": return flag(.stateRead)
        case "stateUnread": return flag(.stateUnread)
        case "signalled": return flag(.signalled)
        case "sameValues":
            let variable = indexNames.count
            indexNames.append("k.\(pathName.value).\(render.value)")
            return .forall(
                variable: variable, path: path,
                .compare(.equal, .property(path: path, index: .variable(variable), .same, transition: transition), .bool(true)))
        default: return .survives(path, transition: transition)
        }
    }

    /// `readsProperty(p, a[, r])`: `p`'s tracking holds property `a` of the lemma's `@Observable`
    /// object when render `r` begins (the render may be left out over two renders);
    /// `bodyReads(p, a, r)`: `p`'s body reads `a` when it runs in render `r`;
    /// `propertyChanged(a, r)`: a committed change of `a` in the transition into `r` (I8 "@Observable").
    private mutating func observableAtom(_ name: Located<String>, _ arguments: [Term]) -> InvalidationFormula? {
        let later = renders.dropFirst()
        let choices = later.count == 1 ? "'\(later.first!)'" : "one of " + later.map { "'\($0)'" }.joined(separator: ", ")
        let usage: String
        switch name.value {
        case "readsProperty": usage = "'readsProperty' expects a path, a property name and a render (\(choices)): readsProperty(p, a, r)"
        case "bodyReads": usage = "'bodyReads' expects a path, a property name and a render (\(choices)): bodyReads(p, a, r)"
        default: usage = "'propertyChanged' expects a property name and a render (\(choices)): propertyChanged(a, r)"
        }
        let onPath = name.value != "propertyChanged"
        // `readsProperty(p, a)` is the one transition of a lemma over two renders.
        let rendered = !(name.value == "readsProperty" && arguments.count == 2)
        guard arguments.count == (onPath ? 2 : 1) + (rendered ? 1 : 0) else {
            report(.badArguments, usage, at: name.range.start)
            return nil
        }
        if !rendered, renders.count != 2 {
            report(
                .observableAtomShape,
                "'readsProperty(p, a)' names no render, and the lemma declares \(renders.count) renders: say when, readsProperty(p, a, r)",
                at: name.range.start,
                notes: [Diagnostic.Note("a tracking grows over renders: readsProperty(p, a, r) is what it holds when render r begins")])
            return nil
        }
        guard case .variable(let property) = arguments[onPath ? 1 : 0] else {
            report(.badArguments, usage, at: arguments[onPath ? 1 : 0].range.start)
            return nil
        }
        if let bound = boundKind(of: property.value) {
            report(
                .observableAtomShape, "'\(property.value)' is \(bound); name the @Observable property otherwise",
                at: property.range.start)
            return nil
        }
        let number = Self.number(of: property.value, in: &observableProperties)
        var transition = 0
        if rendered {
            guard case .variable(let render) = arguments[arguments.count - 1], let position = later.firstIndex(of: render.value) else {
                report(.badArguments, usage, at: arguments[arguments.count - 1].range.start)
                return nil
            }
            transition = position - later.startIndex
        }
        guard onPath else { return .propertyChanged(property: number, transition: transition) }
        guard case .variable(let pathName) = arguments[0], let path = resolvePath(pathName) else {
            report(.badArguments, usage, at: arguments[0].range.start)
            return nil
        }
        return name.value == "readsProperty"
            ? .tracks(path, property: number, transition: transition) : .bodyReads(path, property: number, transition: transition)
    }

    /// One of the renders after the first, said for a usage message: the render `r` of an atom about the transition into `r`.
    private var laterRenderChoices: String {
        let later = renders.dropFirst()
        return later.count == 1 ? "the render '\(later.first!)'" : "one of the renders " + later.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The transition into `render`, a render after the first, or `nil`.
    private func transition(into render: Term) -> Int? {
        guard case .variable(let name) = render, let position = renders.dropFirst().firstIndex(of: name.value) else { return nil }
        return position - 1
    }

    /// `declaresKey(p, k)`: `p` declares `@Environment(\.k)` (in every render of the lemma);
    /// `environmentChanged(p, k, r)`: the value of `k` reaching `p` changed in the transition into `r` (I10).
    private mutating func environmentAtom(_ name: Located<String>, _ arguments: [Term]) -> InvalidationFormula? {
        let declares = name.value == "declaresKey"
        let usage = declares ? "'declaresKey' expects a path and a key name: declaresKey(p, k)"
            : "'environmentChanged' expects a path, a key name and \(laterRenderChoices): environmentChanged(p, k, r)"
        guard arguments.count == (declares ? 2 : 3), case .variable(let pathName) = arguments[0] else {
            report(.badArguments, usage, at: (arguments.first?.range ?? name.range).start)
            return nil
        }
        guard case .variable(let key) = arguments[1] else {
            report(.badArguments, usage, at: arguments[1].range.start)
            return nil
        }
        if let bound = boundKind(of: key.value) {
            report(.observableAtomShape, "'\(key.value)' is \(bound); name the environment key otherwise", at: key.range.start)
            return nil
        }
        guard let path = resolvePath(pathName) else { return nil }
        let number = Self.number(of: key.value, in: &environmentKeys)
        if declares { return .declaresKey(path, key: number) }
        guard let transition = transition(into: arguments[2]) else {
            report(.badArguments, usage, at: arguments[2].range.start)
            return nil
        }
        return .environmentChanged(path, key: number, transition: transition)
    }

    /// `observesObject(p, m)`: `p` holds object `m` in an `@ObservedObject`; `findsObject(p, m)`:
    /// `p`'s `@EnvironmentObject` resolves to `m` (both in every render of the lemma);
    /// `objectSent(m, r)`: `m` sent `objectWillChange` in the transition into `r` (I11).
    private mutating func objectAtom(_ name: Located<String>, _ arguments: [Term]) -> InvalidationFormula? {
        let sent = name.value == "objectSent"
        let usage = sent ? "'objectSent' expects an object name and \(laterRenderChoices): objectSent(m, r)"
            : "'\(name.value)' expects a path and an object name: \(name.value)(p, m)"
        guard arguments.count == 2, case .variable(let object) = arguments[sent ? 0 : 1] else {
            report(.badArguments, usage, at: (arguments.first?.range ?? name.range).start)
            return nil
        }
        if let bound = boundKind(of: object.value) {
            report(.observableAtomShape, "'\(object.value)' is \(bound); name the object otherwise", at: object.range.start)
            return nil
        }
        let number = Self.number(of: object.value, in: &objects)
        if sent {
            guard let transition = transition(into: arguments[1]) else {
                report(.badArguments, usage, at: arguments[1].range.start)
                return nil
            }
            return .objectSent(object: number, transition: transition)
        }
        guard case .variable(let pathName) = arguments[0], let path = resolvePath(pathName) else {
            report(.badArguments, usage, at: arguments[0].range.start)
            return nil
        }
        return name.value == "observesObject" ? .observesObject(path, object: number) : .findsObject(path, object: number)
    }

    /// `holdsStateObject(p)`: `p` declares an `@StateObject`; `initialiserChanged(p, r)`: its
    /// initialiser in `r` makes another object than the one held before;
    /// `keepsStateObject(p, r)`: it holds the same object in `r` as before (I12).
    private mutating func stateObjectAtom(_ name: Located<String>, _ arguments: [Term]) -> InvalidationFormula? {
        let holds = name.value == "holdsStateObject"
        let later = renders.dropFirst()
        let choices = later.count == 1 ? "the render '\(later.first!)'" : "one of the renders " + later.map { "'\($0)'" }.joined(separator: ", ")
        let usage = holds ? "'holdsStateObject' expects a path: holdsStateObject(p)"
            : "'\(name.value)' expects a path and \(choices): \(name.value)(p, r)"
        guard arguments.count == (holds ? 1 : 2), case .variable(let pathName) = arguments[0] else {
            report(.badArguments, usage, at: (arguments.first?.range ?? name.range).start)
            return nil
        }
        guard let path = resolvePath(pathName) else { return nil }
        if holds { return .holdsStateObject(path) }
        guard case .variable(let render) = arguments[1], let position = later.firstIndex(of: render.value) else {
            report(.badArguments, usage, at: arguments[1].range.start)
            return nil
        }
        let transition = position - later.startIndex
        return name.value == "initialiserChanged"
            ? .initialiserChanged(path, transition: transition) : .keepsStateObject(path, transition: transition)
    }

    /// The number of `name` among `names` (a property, key or object), which it joins when new.
    private static func number(of name: String, in names: inout [String]) -> Int {
        if let known = names.firstIndex(of: name) { return known }
        names.append(name)
        return names.count - 1
    }

    /// What `name` already names in the lemma (a path, an index or a render), said for E097: an
    /// atom's property, key or object is a name of its own, never one of these.
    private func boundKind(of name: String) -> String? {
        if paths[name] != nil { return "bound as a path" }
        if indices[name] != nil { return "bound as an index" }
        if renders.contains(name) { return "a render of the lemma" }
        return nil
    }

    private mutating func operand(_ term: Term) -> Operand? {
        switch term {
        case .pathField(let path, let field, _):
            let resolved = resolvePath(path)
            guard let viewField = ViewField(rawValue: field.value) else {
                report(
                    .unknownPathField, "the view of path '\(path.value)' has no field '\(field.value)'", at: field.range.start,
                    notes: [Diagnostic.Note("view fields: \(ViewField.allCases.map(\.rawValue).joined(separator: ", "))")])
                return nil
            }
            if viewField == .state || viewField == .set {
                guard let transition = mutated[path.value] else {
                    report(
                        .badMutation, "'\(path.value).\(field.value)' needs 'mutate \(path.value) after \(renders[0])'", at: field.range.start)
                    return nil
                }
                return resolved.map { .typed(.view(path: $0, viewField, transition: transition)) }
            }
            return resolved.map { .typed(.view(path: $0, viewField, transition: lastTransition)) }
        case .stepField(let path, let index, let field, _):
            let resolved = resolvePath(path)
            let position = self.index(index)
            guard let propertyField = PropertyField(rawValue: field.value) else {
                report(
                    .unknownStepField, "a stored property has no field '\(field.value)'", at: field.range.start,
                    notes: [Diagnostic.Note("property fields: \(PropertyField.allCases.map(\.rawValue).joined(separator: ", "))")])
                return nil
            }
            guard let resolved, let position else { return nil }
            return .typed(.property(path: resolved, index: position, propertyField, transition: lastTransition))
        case .integer(let value, _): return .integer(value)
        case .boolean(let value, _): return .typed(.bool(value))
        case .enumCase(let name, _): return .enumCase(name.value)
        case .variable(let name):
            if let bound = indices[name.value] { return .typed(.index(.variable(bound.variable))) }
            report(.unknownName, "unknown name '\(name.value)'", at: name.range.start)
            return nil
        case .offset(let name, _, _):
            guard let position = index(term) else { return nil }
            _ = name
            return .typed(.index(position))
        case .string, .call, .shifted:
            report(
                .invalidationLemmaShape, "'\(term)' is not a term of invalidation lemmas", at: term.range.start)
            return nil
        }
    }

    private mutating func index(_ term: Term) -> IndexTerm? {
        switch term {
        case .integer(let value, _): return .literal(value)
        case .variable(let name):
            if let bound = indices[name.value] { return .variable(bound.variable) }
            report(.unboundIndex, "unbound index '\(name.value)'; bind it with 'forall \(name.value) in p:'", at: name.range.start)
        case .offset(let name, let amount, _):
            if let tooLarge = IndexExpression.offsetTooLarge(amount.value, at: amount.range.start) {
                diagnostics.append(tooLarge)
                return nil
            }
            if let bound = indices[name.value] { return .variable(bound.variable, offset: amount.value) }
            report(.unboundIndex, "unbound index '\(name.value)'; bind it with 'forall \(name.value) in p:'", at: name.range.start)
        default:
            report(.badArguments, "a property index must be an index variable, 'k + n' or an integer, not '\(term)'", at: term.range.start)
        }
        return nil
    }

    private mutating func comparison(_ op: Comparison, _ lhs: Term, _ rhs: Term, at location: SourceLocation) -> InvalidationFormula? {
        let left = operand(lhs)
        let right = operand(rhs)
        guard let left, let right else { return nil }
        let pair: (InvalidationTerm, InvalidationTerm)
        switch (left, right) {
        case (.typed(let a), .typed(let b)):
            pair = (a, b)
        case (.typed(let a), _):
            guard let b = literal(right, as: a.sort, at: location) else { return nil }
            pair = (a, b)
        case (_, .typed(let b)):
            guard let a = literal(left, as: b.sort, at: location) else { return nil }
            pair = (a, b)
        default:
            report(.ambiguousLiteral, "cannot infer the type of '\(lhs)' and '\(rhs)': one side must be a field or an index", at: location)
            return nil
        }
        guard pair.0.sort == pair.1.sort else {
            report(.typeMismatch, "cannot compare \(pair.0.sort.rawValue) with \(pair.1.sort.rawValue)", at: location)
            return nil
        }
        if op != .equal, op != .notEqual, pair.0.sort != .int {
            report(.orderingOnNonInt, "'\(op.rawValue)' needs Int operands, but '\(lhs)' is \(pair.0.sort.rawValue)", at: location)
            return nil
        }
        return .compare(op, pair.0, pair.1)
    }

    private mutating func literal(_ operand: Operand, as sort: InvalidationSort, at location: SourceLocation) -> InvalidationTerm? {
        switch operand {
        case .typed(let term): return term
        case .integer(let value):
            if sort == .int { return .int(value) }
            report(.typeMismatch, "cannot compare \(sort.rawValue) with an integer literal", at: location)
        case .enumCase(let name):
            if sort == .propertyKind, let kind = PropertyKind(rawValue: name) { return .propertyKind(kind) }
            if sort == .equality, let equality = ViewEquality(rawValue: name) { return .equality(equality) }
            let cases = sort == .propertyKind
                ? PropertyKind.allCases.map(\.rawValue) : sort == .equality ? ViewEquality.allCases.map(\.rawValue) : []
            report(
                .unknownEnumCase, "'.\(name)' is not a \(sort.rawValue)", at: location,
                notes: cases.isEmpty ? [] : [Diagnostic.Note("\(sort.rawValue) cases: \(cases.map { ".\($0)" }.joined(separator: ", "))")])
        }
        return nil
    }
}
