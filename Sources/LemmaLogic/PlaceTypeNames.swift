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
        let valueShapes = values.map(Shape.init)
        var shapes: [Shape] = []
        for shape in valueShapes where !shapes.contains(shape) { shapes.append(shape) }
        guard shapes.count > 1 else { return (values, false) }
        let renamed = zip(values, valueShapes).map { value, shape in
            var copy = value
            copy.type = ViewType(name(shapes.firstIndex(of: shape)!))
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

    /// What a view's type fixes: its properties' names and kinds (a binding made any way is one
    /// static type), its `==`, `.equatable()`, `@State` and environment declarations.
    private struct Shape: Equatable {
        /// Each property's name and kind, a binding's `nil` (`Binding` whatever made it).
        var properties: [PropertyShape]
        var equality: CustomEquality?
        var equatable: Bool
        var hasState: Bool
        var environment: [EnvironmentProperty]
        var environmentObjects: [EnvironmentProperty]

        init(_ value: ViewValue) {
            properties = value.properties.map { PropertyShape(name: $0.name, kind: $0.value.kind.isBinding ? nil : $0.value.kind) }
            equality = value.equality
            equatable = value.isEquatableWrapped
            hasState = value.hasState
            environment = value.environment
            environmentObjects = value.environmentObjects
        }
    }

    private struct PropertyShape: Equatable {
        var name: String
        var kind: PropertyKind?
    }
}
