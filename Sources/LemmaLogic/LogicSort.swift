/// The sorts of lemma terms (Lemmas/README.md, "Types").
package enum LogicSort: String, Hashable, Sendable, CaseIterable {
    case bool = "Bool", int = "Int", key = "Key", kind = "Kind", viewType = "ViewType", modifier = "Modifier"
    case container = "Container", source = "Source", elem = "Elem", identity = "Identity"

    /// Whether `<`, `<=`, `>`, `>=` apply.
    package var isOrdered: Bool { self == .int }
}
