import Invalidation

extension Checker {
    /// The class a render gives an object: plain (`object(n)`, `observable(n)`, compared by
    /// identity) or `Equatable` with the value its `==` compares.
    private enum ObjectClass: Equatable {
        case plain
        case equatable(Int)

        func written(_ object: Int) -> String {
            switch self {
            case .plain: return "object(\(object))"
            case .equatable(let value): return "object(\(object), equatable: \(value))"
            }
        }
    }

    /// Reports (E093) an object written with two different `==` values in one render, or as an
    /// `Equatable` class in one render and a plain one in another: an object has one class, and
    /// its state is one value when a comparison runs; the comparison would otherwise read whichever
    /// property it meets. `renders` pairs each parsed tree with the start of its block.
    func checkObjectClasses(
        _ renders: [(tree: ViewTreeParser.Parsed, start: SourceLocation)], _ diagnostics: inout [Diagnostic]
    ) -> Bool {
        var equatableAcrossRenders: [Int: (Bool, SourceLocation)] = [:]
        var ok = true
        for (tree, start) in renders {
            var classes: [Int: ObjectClass] = [:]
            for node in tree.root.preorder {
                for property in node.value.properties {
                    let (object, objectClass): (Int, ObjectClass)
                    switch property.value {
                    case .reference(let held): (object, objectClass) = (held, .plain)
                    case let .equatableReference(held, compared): (object, objectClass) = (held, .equatable(compared))
                    default: continue
                    }
                    guard let earlier = classes[object] else { classes[object] = objectClass; continue }
                    guard earlier != objectClass else { continue }
                    diagnostics.append(Diagnostic(
                        .objectClassConflict,
                        "object \(object) is written as \(earlier.written(object)) and as \(objectClass.written(object)) in one render",
                        at: start,
                        notes: [Diagnostic.Note("one object has one class, and one state when a comparison reads it: write it alike everywhere in a render")]))
                    ok = false
                }
            }
            for (object, objectClass) in classes.sorted(by: { $0.key < $1.key }) {
                let isEquatable = objectClass != .plain
                guard let (earlier, location) = equatableAcrossRenders[object] else {
                    equatableAcrossRenders[object] = (isEquatable, start)
                    continue
                }
                guard earlier != isEquatable else { continue }
                diagnostics.append(Diagnostic(
                    .objectClassConflict,
                    "object \(object) is \(isEquatable ? "an Equatable" : "a plain") class here, "
                        + "but \(earlier ? "an Equatable" : "a plain") one in the render at line \(location.line)",
                    at: start,
                    notes: [Diagnostic.Note("an object keeps its class between renders; only the value an Equatable class's '==' compares may change")]))
                ok = false
            }
        }
        return ok
    }
}
