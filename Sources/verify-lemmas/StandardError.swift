import Foundation

/// Standard error, written with `write(2)`; a failure is ignored, as there is nowhere left to say it.
enum StandardError {
    /// Writes `text`.
    static func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { FileDescriptorWrite.all($0, to: STDERR_FILENO) }
    }
}
