import Foundation

/// A report written whole or not at all: into a temporary file beside it, then renamed into place.
/// A failure (a full device, an I/O error) is a `Failure` naming the option, the path and the
/// system's reason, and leaves no temporary file behind.
enum ReportFile {
    /// Why a report could not be written.
    struct Failure: CodedMessage {
        var option: String
        var path: String
        var reason: String

        var code: RunEndCode { .reportNotWritten }
        var codeText: String { code.rawValue }
        var detail: String { "verify-lemmas: \(option) \(path): could not write the report: \(reason)" }
    }

    /// Writes `data` to `path` (the destination of `option`), replacing it in one rename.
    static func write(_ data: Data, to path: String, option: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(option: option, path: path, reason: reason(errno)) }
        var failed = data.withUnsafeBytes { FileDescriptorWrite.all($0, to: descriptor) }
        if failed == nil, fsync(descriptor) != 0 { failed = errno }
        if close(descriptor) != 0, failed == nil { failed = errno }
        if failed == nil, rename(temporary, path) != 0 { failed = errno }
        if let failed {
            unlink(temporary)
            throw Failure(option: option, path: path, reason: reason(failed))
        }
    }

    /// Writes `text` as UTF-8.
    static func write(_ text: String, to path: String, option: String) throws(Failure) {
        try write(Data(text.utf8), to: path, option: option)
    }

    /// The system's words for `code`, with its symbolic name where it is one a user meets here.
    static func reason(_ code: Int32) -> String {
        let names: [Int32: String] = [ENOSPC: "ENOSPC", EPIPE: "EPIPE", EROFS: "EROFS", EACCES: "EACCES", EIO: "EIO", EDQUOT: "EDQUOT"]
        return String(cString: strerror(code)) + (names[code].map { " (\($0))" } ?? "")
    }

    /// The system's reason inside a Foundation error, or its description.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return reason(Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(Int32(underlying.code))
        }
        return error.localizedDescription
    }
}
