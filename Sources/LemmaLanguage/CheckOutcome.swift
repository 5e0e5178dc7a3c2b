/// The lifecycle outcomes a scenario can `check` for a labelled view after a render; the exact
/// definitions, by the identities and stores of the previous and current render, are the table in
/// Lemmas/README.md ("What a check means").
package enum CheckOutcome: String, CaseIterable, Hashable, Sendable {
    /// Its identity was rendered in the previous render: state kept.
    case survives
    /// A fresh state, where the previous render had this label or a view of its type at its address.
    case resets
    /// Not rendered in the previous render but retained (R7): its state is given back.
    case revived
    /// A fresh state, with no such view in the previous render.
    case appears
    /// The previous render had the label, the current one has not.
    case removed
}
