/// The construct a path step passes through (Lemmas/README.md, step table).
public enum StepKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case tuple, conditional, optional, forEach, explicitID, modified, anyView, container

    public var description: String { rawValue }
}
