import IdentityModel

/// The bounds of an exhaustive exploration.
///
/// Programs are *spines*: every construct has one child that may be compound; tuple siblings are a
/// stateful leaf or an optional stateful leaf, and the other arm of an `if`/`else` is a stateful
/// leaf. By locality and sibling independence (docs/model.md) a leaf's identity depends only on its
/// own path and its address only on the presence of earlier siblings, which these siblings cover.
/// Rows of a `ForEach` share one content render; `keyPath` keys behave as `identifiable` keys,
/// HStack/ZStack/Group as VStack and LazyHStack/List as LazyVStack, so only the first of each is
/// enumerated.
package struct Bounds: Hashable, Sendable, CustomStringConvertible {
    /// The most levels on a path, counting the leaf (1 = a single leaf).
    package var depth: Int
    /// The most children of a tuple and rows of a `ForEach`.
    package var branching: Int
    /// How many stateful view type tags leaves use.
    package var viewTypes: Int
    /// How many modifier tags modifiers use.
    package var modifierTypes: Int
    /// How many key values `ForEach` rows and `.id(_:)` draw from.
    package var keyValues: Int
    /// The most actions in a trace.
    package var steps: Int
    /// How many initial values stateful views are rendered with: 1 for {0}, 2 for {0, 1}. A later
    /// render may pass another initial value than the first (R1 ignores it for a surviving state).
    package var initialValues: Int
    /// Let a render be followed by a render of any program, not only of its own.
    package var arbitraryRenders: Bool
    /// Also enumerate conditions read twice in `body` and renders where they see a transient value
    /// (seed 000 Finding 4). Off for the seed article's reference workload, which has no such reads.
    package var twiceReadConditions: Bool
    /// Let an `AnyView` wrap, in each render, its content program or a variant of it whose tuple
    /// siblings are drawn again (a stateful leaf or an optional one): another static type around the
    /// same compound child, which renders of one program otherwise never show (R5).
    package var anyViewContents: Bool
    /// Let `ForEach` rows repeat a key (undefined behaviour under the reference rules).
    package var duplicateKeys: Bool

    /// Creates bounds; the defaults are the seed article's (depth 4, branching 3, 4 view types,
    /// 3 modifier types) with 2 key values and one-step traces.
    package init(
        depth: Int = 4, branching: Int = 3, viewTypes: Int = 4, modifierTypes: Int = 3, keyValues: Int = 2,
        steps: Int = 1, initialValues: Int = 1, arbitraryRenders: Bool = false, twiceReadConditions: Bool = false,
        anyViewContents: Bool = false, duplicateKeys: Bool = false
    ) {
        self.depth = depth
        self.branching = branching
        self.viewTypes = viewTypes
        self.modifierTypes = modifierTypes
        self.keyValues = keyValues
        self.steps = steps
        self.initialValues = initialValues
        self.arbitraryRenders = arbitraryRenders
        self.twiceReadConditions = twiceReadConditions
        self.anyViewContents = anyViewContents
        self.duplicateKeys = duplicateKeys
    }

    /// The stateful leaf types.
    package var viewTypeTags: [ViewType] {
        let names = ["Counter", "Toggle", "TextField", "Slider", "Stepper", "Picker", "DatePicker", "ColorPicker"]
        return (0..<viewTypes).map { $0 < names.count ? ViewType(names[$0]) : ViewType("View\($0)") }
    }

    /// The modifiers.
    package var modifierTags: [Modifier] {
        let names: [Modifier] = [.padding, .matchedGeometryEffect, "opacity", "overlay", "frame", "offset"]
        return (0..<modifierTypes).map { $0 < names.count ? names[$0] : Modifier("modifier\($0)") }
    }

    /// The key values.
    package var keys: [Key] { (0..<keyValues).map(Key.int) }

    /// Exactly which trees the enumeration draws, for a bounded verdict: what it covers and, by
    /// omission, what it does not.
    package var enumeratedTrees: String {
        let types = viewTypeTags.map(\.description).joined(separator: ", ")
        let modifiers = modifierTags.map(\.description).joined(separator: ", ")
        let keyList = keys.map(\.description).joined(separator: ", ")
        let renders = arbitraryRenders ? "renders of any programs" : "renders of one program"
        return "spine programs (one compound child per construct; tuple siblings are \(viewTypeTags[0]) or an optional "
            + "\(viewTypeTags[0]); the other arm is \(viewTypeTags[0])), stateful types {\(types)}, initial values {\(initialValueList)}, "
            + "containers {VStack, LazyVStack}, modifiers {\(modifiers)} with values {0, 1}, ForEach over identifiable, "
            + "self, indices and constant ranges with keys {\(keyList)}\(duplicateKeys ? " (repeats allowed)" : "") and rows sharing one content render, "
            + ".id values {\(keyList)}, "
            + (anyViewContents ? "AnyView of its content program or a variant with other tuple siblings" : "AnyView of one content program")
            + ", \(steps + 1) \(renders)"
            + (twiceReadConditions ? ", conditions read once or twice" : "")
    }

    private var initialValueList: String { (0..<initialValues).map(String.init).joined(separator: ", ") }

    package var description: String {
        "depth \(depth), branching \(branching), \(viewTypes) view types, \(modifierTypes) modifier types, "
            + "\(keyValues) key values, \(steps) steps"
            + (initialValues > 1 ? ", initial values {\(initialValueList)}" : "") + (arbitraryRenders ? ", arbitrary renders" : "") + (twiceReadConditions ? ", twice-read conditions" : "")
            + (anyViewContents ? ", AnyView contents" : "") + (duplicateKeys ? ", duplicate keys" : "")
    }
}
