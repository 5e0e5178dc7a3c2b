import Foundation
import IdentityModel

/// The entry point: reads lemma files, parses and checks them all (every file, even when some
/// have errors) and returns the typed items with every diagnostic.
package struct LemmaLoader {
    /// The result of a load.
    package struct Result: Sendable {
        /// One entry per file, in the order read (directories: sorted by path).
        package var files: [CheckedLemmaFile]
        /// Lexical, syntactic and semantic diagnostics of all files, by file then position.
        package var diagnostics: [Diagnostic]
        /// The text of every file read, as parsed.
        package var sources: [SourceFile] = []

        /// Whether any diagnostic is an error.
        package var hasErrors: Bool { diagnostics.contains(where: \.isError) }
        /// All well-formed lemmas of all files.
        package var lemmas: [CheckedLemma] { files.flatMap(\.lemmas) }
        /// All well-formed scenarios of all files.
        package var scenarios: [CheckedScenario] { files.flatMap(\.scenarios) }
    }

    /// The semantic checker (and so the known rule sets) to use.
    package var checker: Checker
    /// The folder every `import` must stay inside (`root(of:)` for a run); `nil`: the folder the
    /// loaded files have in common.
    package var root: URL?
    /// Asked before each file and each item (and every few thousand tokens): once it says yes,
    /// the load stops and its result is partial (the run it belongs to was cancelled).
    package var isCancelled: @Sendable () -> Bool = { false }

    /// Creates a loader accepting the given rule sets, whose imports stay inside `root`.
    package init(knownRuleSets: [RuleSet] = Checker.defaultRuleSets, root: URL? = nil) {
        self.checker = Checker(knownRuleSets: knownRuleSets)
        self.root = root
    }

    /// Every `*.lemma` file under `directory`, recursively, sorted by path.
    package static func lemmaFiles(in directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        let urls = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "lemma" }
        return urls.sorted { $0.path < $1.path }
    }

    /// Loads every `*.lemma` file under `directory`.
    package func load(directory: URL) -> Result {
        var loader = self
        loader.root = loader.root ?? directory
        return loader.load(files: Self.lemmaFiles(in: directory))
    }

    /// Loads the given files, each once however it is spelled (`a.lemma`, `./a.lemma`, or a folder
    /// holding it given too), as an import reads it once; a file that cannot be read yields `E090`.
    package func load(files urls: [URL]) -> Result {
        var sources: [SourceFile] = []
        var unreadable: [Diagnostic] = []
        var seen: Set<String> = []
        for url in urls where seen.insert(url.standardizedFileURL.path).inserted {
            if isCancelled() { break }
            if let data = FileManager.default.contents(atPath: url.path) {
                sources.append(SourceFile(path: url.path, text: String(decoding: data, as: UTF8.self)))
            } else {
                unreadable.append(Diagnostic(
                    .unreadableFile, "cannot read lemma file",
                    at: SourceLocation(file: url.path, line: 1, column: 1, offset: 0)))
            }
        }
        let root = (root ?? Self.commonFolder(of: urls)).standardizedFileURL.path
        var result = load(sources: sources, root: root) { path in
            FileManager.default.contents(atPath: path).map { SourceFile(path: path, text: String(decoding: $0, as: UTF8.self)) }
        }
        result.diagnostics = unreadable + result.diagnostics
        return result
    }

    /// Parses and checks in-memory sources.
    package func load(sources: [SourceFile]) -> Result {
        load(sources: sources, root: nil) { _ in nil }
    }

    /// Parses `sources`, then every file they import (read by `read`, transitively), and checks them all.
    private func load(sources: [SourceFile], root: String?, read: (String) -> SourceFile?) -> Result {
        var sources = sources
        var parsed = sources.map { Parser.parse($0, isCancelled: isCancelled) }
        LemmaImports.resolve(&parsed, &sources, root: root, read: read)
        let (files, semantic) = checker.check(parsed.map(\.file), isCancelled: isCancelled)
        // A cancelled load is partial and nobody reads it: sorting its diagnostics would delay the exit.
        if isCancelled() { return Result(files: files, diagnostics: [], sources: sources) }
        let semanticByFile = Dictionary(grouping: semantic, by: \.location.file)
        var diagnostics: [Diagnostic] = []
        for (index, source) in sources.enumerated() {
            diagnostics += DiagnosticsByOffset(parsed[index].diagnostics + (semanticByFile[source.path] ?? [])).all
        }
        let errorsByFile = Dictionary(grouping: diagnostics.filter(\.isError), by: \.location.file)
            .mapValues(DiagnosticsByOffset.init)
        let attributed = files.map { file in
            var file = file
            file.illFormed = file.illFormed.map { item in
                var item = item
                item.diagnostics = errorsByFile[file.path]?.inside(item.range) ?? []
                return item
            }
            return file
        }
        return Result(files: attributed, diagnostics: diagnostics, sources: sources)
    }

    /// The lemma root of a run over `paths`: the current folder when it holds them all (so that a
    /// file given alone may import its neighbours' files), else the deepest folder holding them all.
    package static func root(of paths: [URL]) -> URL {
        let common = commonFolder(of: paths)
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        return (common.path + "/").hasPrefix(current.path + "/") ? current : common
    }

    /// The deepest folder holding every one of `urls` (a folder counts as holding itself).
    static func commonFolder(of urls: [URL]) -> URL {
        let folders = urls.map { url -> [String] in
            var isDirectory: ObjCBool = false
            let folder = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? url : url.deletingLastPathComponent()
            return folder.standardizedFileURL.pathComponents
        }
        guard var common = folders.first else { return URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: common.isEmpty ? "/" : NSString.path(withComponents: common))
    }
}
