/// Where a ForEach takes its keys from (`p[i].source`).
public enum ForEachSource: String, CaseIterable, Hashable, Sendable {
    case identifiable, keyPath
    case `self`
    case indices, constantRange
}
