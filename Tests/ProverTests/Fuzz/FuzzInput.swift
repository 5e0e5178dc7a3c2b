import Foundation

/// One generated input: the lemma file under test and the files around it, by path relative to
/// the input's folder: lemma files it may import (inside `lemmas/`, the lemma root, or outside it)
/// and `run.rules`, the rule-set file the binary is given with `--rules`.
struct FuzzInput {
    static let mainPath = "lemmas/fuzz.lemma"
    static let rulesPath = "run.rules"
    /// The lemma file under test.
    var main: [UInt8]
    /// The other files, by path relative to the input's folder.
    var companions: [String: [UInt8]] = [:]

    /// The rule-set file, if the input has one.
    var rules: [UInt8]? { companions[Self.rulesPath] }
    /// Whether the input has lemma files besides the main one.
    var importsFiles: Bool { companions.keys.contains { $0.hasSuffix(".lemma") } }

    /// Writes every file of the input into `folder`.
    func write(to folder: URL) throws {
        for (path, bytes) in companions.merging([Self.mainPath: main], uniquingKeysWith: { $1 }) {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
    }

    /// Keeps the input as `file` (the main file) and, with companions, the whole input in the
    /// folder `FILE.files`, from which `init(keptAt:)` restores it.
    func keep(at file: URL) throws {
        try Data(main).write(to: file)
        if !companions.isEmpty { try write(to: Self.companionFolder(of: file)) }
    }

    /// The input kept as `file`.
    init(keptAt file: URL) throws {
        main = Array(try Data(contentsOf: file))
        let folder = Self.companionFolder(of: file)
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects as? [URL] else { return }
        let prefix = folder.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        for url in files where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(prefix.count))
            if path != Self.mainPath { companions[path] = Array(try Data(contentsOf: url)) }
        }
    }

    init(main: [UInt8], companions: [String: [UInt8]] = [:]) {
        self.main = main
        self.companions = companions
    }

    private static func companionFolder(of file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".files")
    }
}
