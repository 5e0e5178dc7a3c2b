import Foundation

/// Resolves the `import`s of parsed lemma files: each path, relative to its importing file, must
/// name a file inside the lemma root (E068), which is parsed too if it was not; files that import
/// each other in a cycle are E069 at each import on it.
enum LemmaImports {
    /// Resolves every import of `parsed` (and of the files it reads), appending what it reads to
    /// `parsed` and `sources` and its diagnostics to the importing files'.
    static func resolve(
        _ parsed: inout [(file: LemmaFile, diagnostics: [Diagnostic])], _ sources: inout [SourceFile], root: String?,
        read: (String) -> SourceFile?
    ) {
        var indexOfPath: [String: Int] = [:]
        for (index, source) in sources.enumerated() { indexOfPath[key(source.path)] = indexOfPath[key(source.path)] ?? index }
        var edges: [Int: [(target: Int, at: Located<String>)]] = [:]
        var index = 0
        while index < parsed.count {
            let importer = parsed[index].file.source
            for position in parsed[index].file.imports.indices {
                let written = parsed[index].file.imports[position].path
                let target = URL(fileURLWithPath: key(importer.path)).deletingLastPathComponent()
                    .appendingPathComponent(written.value).standardizedFileURL.path
                guard target.hasSuffix(".lemma") else {
                    parsed[index].diagnostics.append(importer.annotate(Diagnostic(
                        .badImport, "'\(written.value)' is not a lemma file (its name must end in .lemma)", at: written.range.start)))
                    continue
                }
                // Through symbolic links too: a link inside the root to a file outside it is outside.
                if let root, !Self.isInside(target, root) {
                    parsed[index].diagnostics.append(importer.annotate(Diagnostic(
                        .badImport, "'\(written.value)' is outside the lemma root", at: written.range.start,
                        notes: [Diagnostic.Note(
                            "imports stay inside the lemma root, '\(URL(fileURLWithPath: root).lastPathComponent)'")])))
                    continue
                }
                if indexOfPath[target] == nil {
                    guard let source = read(target) else {
                        parsed[index].diagnostics.append(importer.annotate(Diagnostic(
                            .badImport, "cannot read imported file '\(written.value)'", at: written.range.start)))
                        continue
                    }
                    indexOfPath[target] = sources.count
                    sources.append(source)
                    parsed.append(Parser.parse(source))
                }
                guard let targetIndex = indexOfPath[target] else { continue }
                parsed[index].file.imports[position].resolved = sources[targetIndex].path
                edges[index, default: []].append((targetIndex, written))
            }
            index += 1
        }
        for (importer, imports) in edges {
            for edge in imports where reaches(edge.target, importer, edges) {
                let source = parsed[importer].file.source
                let message = edge.target == importer
                    ? "'\(edge.at.value)' is this file: a file cannot import itself"
                    : "import cycle: '\(edge.at.value)' imports this file, directly or through others"
                parsed[importer].diagnostics.append(source.annotate(Diagnostic(.importCycle, message, at: edge.at.range.start)))
            }
        }
    }

    /// Whether `path` lies inside the folder `root`, both with symbolic links resolved.
    private static func isInside(_ path: String, _ root: String) -> Bool {
        let resolvedRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path.hasPrefix(resolvedRoot == "/" ? "/" : resolvedRoot + "/")
    }

    /// The standardized absolute path of `path`.
    private static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Whether `to` is reachable from `from` along imports (a file reaches itself).
    private static func reaches(_ from: Int, _ to: Int, _ edges: [Int: [(target: Int, at: Located<String>)]]) -> Bool {
        var seen: Set<Int> = [from]
        var stack = [from]
        while let next = stack.popLast() {
            if next == to { return true }
            for edge in edges[next] ?? [] where seen.insert(edge.target).inserted { stack.append(edge.target) }
        }
        return false
    }
}
