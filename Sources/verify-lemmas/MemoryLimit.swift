import Encoding
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The address-space limit (`ulimit -v`) the process was given, read before any thread starts.
///
/// Under a limit, libdispatch waits for ever for a thread it cannot start, and glibc reserves
/// 64 MB of address space per malloc arena, up to eight per core: at 100 MB a run hung in its
/// signal set-up with Ctrl-C ignored, at 400 MB the whole set deadlocked (issue 26). So under a
/// limit the process uses one malloc arena, refuses a limit below `minimumMegabytes` at once with
/// `exitCode`, and gives Z3 all but `reservedMegabytes` of it (`memory_max_size`), so that Z3
/// runs out first and says so (the item is an `error`) instead of the process.
enum MemoryLimit {
    /// The least address space a run is started in: the debug build checks the rules' lemmas in
    /// 300 MB with one arena, and 200 MB hangs in thread creation.
    static let minimumMegabytes = 512
    /// What is kept from Z3 for the Swift runtime, the threads' stacks and the front end.
    static let reservedMegabytes = 384
    /// The exit status of a run refused for its memory limit (README, "Exit status").
    static let exitCode: Int32 = 3

    /// glibc's `M_ARENA_MAX` (malloc.h, which the Glibc module does not bring).
    private static let mallocArenaMax: Int32 = -8

    /// The soft address-space limit in megabytes, nil when there is none.
    static var megabytes: Int? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(limit.rlim_cur >> 20)
    }

    /// Prepares the process for its limit, or ends it with `exitCode` when the limit is too small.
    static func apply() {
        guard let megabytes else { return }
        guard megabytes >= minimumMegabytes else {
            let message = "verify-lemmas: the address-space limit (ulimit -v) is \(megabytes) MB; a run needs at least \(minimumMegabytes) MB\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(exitCode)
        }
        _ = mallopt(mallocArenaMax, 1)
        SolverSession.limitMemory(megabytes: megabytes - reservedMegabytes)
    }
}

/// glibc's `mallopt` (malloc.h): its C arguments and result are plain `int`s.
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
