import IdentityModel
import Invalidation

/// The type names of the views one place holds over the renders of a replay's trees. A place whose
/// views all have one shape (the same stored properties with kinds, `==`, `.equatable()`, `@State`
/// and environment declarations) holds `View`, as it always did. A place whose shape changes holds
/// views of several types, which Swift allows only under `AnyView` (R5; FINDINGS.md 46): each shape
/// gets its own name, `ViewA`, `ViewB`, … in order of appearance, and every render wraps its view in
/// `AnyView`, so that a reader (and `ViewTreeParser`) sees two types where the type changes.
package enum PlaceTypeNames {
    /// `values` renamed, and whether the place is an `AnyView`.
    package static func named(_ values: [ViewValue]) -> (values: [ViewValue], erased: Bool) {
        // The first value of each shape, in order of appearance.
        var shapes: [ViewValue] = []
        for value in values where !shapes.contains(where: { sameShape($0, value) }) { shapes.append(value) }
        guard shapes.count > 1 else { return (values, false) }
        let renamed = values.map { value in
            var copy = value
            copy.type = ViewType(name(shapes.firstIndex { sameShape($0, value) }!))
            return copy
        }
        return (renamed, true)
    }

    /// The name of the `index`th shape: `ViewA`, …, `ViewZ`, then `View26`, ….
    static func name(_ index: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return "View" + (letters.indices.contains(index) ? String(letters[index]) : String(index))
    }

    /// The steps of a view at a place: `.id(key)` outside, and `AnyView` inside it when the place
    /// is erased (`AnyView(ViewA(…)).id(key)`).
    package static func steps(key: Int, value: ViewValue, erased: Bool) -> [PathStep] {
        [.explicitID(.int(key))] + (erased ? [.anyView(erased: value.staticType)] : [])
    }

    /// Whether `a` and `b` have one shape, what a view's type fixes: its properties' names and
    /// kinds (a binding made any way is one static type), its `==`, `.equatable()`, `@State` and
    /// environment declarations. Compared in place: the replay's trees name every view of a candidate.
    private static func sameShape(_ a: ViewValue, _ b: ViewValue) -> Bool {
        a.equality == b.equality && a.isEquatableWrapped == b.isEquatableWrapped && a.hasState == b.hasState
            && a.environment == b.environment && a.environmentObjects == b.environmentObjects
            && a.properties.count == b.properties.count
            && zip(a.properties, b.properties).allSatisfy { $0.name == $1.name && staticKind($0.value.kind) == staticKind($1.value.kind) }
    }

    /// A property's kind as its static type tells it: every binding one (`nil`).
    private static func staticKind(_ kind: PropertyKind) -> PropertyKind? { kind.isBinding ? nil : kind }
}
