import CZ3

/// An error reported by Z3 (or rejected by Z3Kit before reaching Z3), thrown instead of letting
/// Z3 abort the process.
package struct Z3Error: Error, CustomStringConvertible {
    /// Z3's error codes (`Z3_error_code`), without `Z3_OK`.
    package enum Code: UInt32, Sendable {
        case sortError = 1
        case indexOutOfBounds
        case invalidArgument
        case parserError
        case noParser
        case invalidPattern
        case memoryOut
        case fileAccessError
        case internalFatal
        case invalidUsage
        case decRefError
        case exception
    }

    /// What went wrong, as Z3 classifies it.
    package let code: Code
    /// Z3's own message (or Z3Kit's, for arguments rejected before calling Z3).
    package let message: String
    /// The Z3Kit operation that failed, e.g. `"mk_eq"` or `"parse_smtlib2_string"`.
    package let operation: String

    /// Makes an error; used by Z3Kit for conditions it checks itself.
    package init(code: Code, message: String, operation: String) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    package var description: String {
        "Z3 error in \(operation) (\(code)): \(message)"
    }
}
