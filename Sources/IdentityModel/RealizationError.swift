/// Why a path cannot be realized by any render.
package struct RealizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The index of the offending step.
    package var step: Int
    /// What is impossible about it.
    package var message: String

    package var description: String { "step \(step): \(message)" }
}
