import Foundation

/// Places in the checkout the tests read.
public enum Repository {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shipped lemma set, `Lemmas/`.
    public static var lemmas: URL { root.appendingPathComponent("Lemmas") }

    /// A new, empty temporary folder holding `files` (name → content).
    public static func temporaryFolder(_ files: [String: String] = [:]) throws -> URL {
        let folder = TemporaryFolder.path("verify-lemmas-tests")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, content) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }
}
