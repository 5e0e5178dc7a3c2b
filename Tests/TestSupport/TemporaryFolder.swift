import Foundation

/// The test process's one temporary folder: every file or folder a test writes goes below it
/// (`path(_:)`, `Repository.temporaryFolder`), and it is removed with everything in it when the
/// process exits, so a test run leaves nothing behind in the system's temporary directory. A
/// process killed by a signal or crashing runs no `atexit`: the next test process removes the
/// folders of processes no longer running when it makes its own (`removeFoldersOfEndedProcesses`).
public enum TemporaryFolder {
    /// The prefix of every test process's folder, followed by its process id and a UUID.
    static let prefix = "verify-lemmas-tests-"

    /// The folder, made at its first use, with its removal registered for the process's exit.
    public static let root: URL = {
        removeFoldersOfEndedProcesses()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.root) }
        return root
    }()

    /// A path named `name` that nothing else uses, below `root` (in a folder of its own, so the
    /// name is kept whole); nothing is made at it.
    public static func path(_ name: String) -> URL {
        let folder = root.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name)
    }

    /// How old a folder of the naming before the process id (`prefix UUID`) must be to be removed:
    /// no process can be asked about it, and none makes such a name now.
    static let unownedAge: TimeInterval = 24 * 60 * 60

    /// Removes the test folders in `directory` whose process has ended (`kill(pid, 0)` says no such
    /// process), and those named `prefix UUID` unchanged for `unownedAge`; a running process's,
    /// another user's (EPERM) or any other name is left. Returns the folders removed.
    @discardableResult
    public static func removeFoldersOfEndedProcesses(in directory: URL = FileManager.default.temporaryDirectory, now: Date = Date()) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed: [URL] = []
        for name in names where name.hasPrefix(prefix) {
            let folder = directory.appendingPathComponent(name)
            let rest = String(name.dropFirst(prefix.count))
            if UUID(uuidString: rest) != nil {
                let modified = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date
                guard let modified, now.timeIntervalSince(modified) > unownedAge else { continue }
            } else {
                let parts = rest.split(separator: "-", maxSplits: 1)
                guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UUID(uuidString: String(parts[1])) != nil else { continue }
                guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            }
            if (try? FileManager.default.removeItem(at: folder)) != nil { removed.append(folder) }
        }
        return removed
    }
}
