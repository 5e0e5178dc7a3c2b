import Foundation

/// The test process's one temporary folder: every file or folder a test writes goes below it
/// (`path(_:)`, `Repository.temporaryFolder`), and it is removed with everything in it when the
/// process exits, so a test run leaves nothing behind in the system's temporary directory.
public enum TemporaryFolder {
    /// The folder, made at its first use, with its removal registered for the process's exit.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "verify-lemmas-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
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
}
