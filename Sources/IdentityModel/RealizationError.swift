/// Why a path cannot be realized by any render.
public struct RealizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The index of the offending step.
    public var step: Int
    /// What is impossible about it.
    public var message: String

    public var description: String { "step \(step): \(message)" }
}
