/// The kinds of path steps (`p[i].kind`), one per construct of DESIGN.md §2.
public enum StepKind: String, CaseIterable, Hashable, Sendable {
    case tuple, conditional, optional, forEach, explicitID, modified, anyView, container
}
