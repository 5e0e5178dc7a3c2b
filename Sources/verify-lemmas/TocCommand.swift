import ArgumentParser
import Foundation
import IdentityModel
import LemmaLanguage

/// `verify-lemmas toc`: the table of contents of the lemma folder (parsing only, no solving),
/// printed, written into its README between the markers, or checked against it.
struct Toc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toc",
        abstract: "Print, write (--write) or check (--check) the table of contents in the lemma folder's README.",
        discussion: """
            Lists every lemma and scenario with its name, kind, expectation, rule set, summary and \
            file:line, grouped by subfolder. --write replaces the section between the markers \
            '\(TableOfContents.beginMarker)' and '\(TableOfContents.endMarker)' of README.md; --check \
            exits 1 when that section is stale. Exit status: 0 done (or up to date), 1 stale, 2 bad input.
            """)

    @Argument(help: "The lemma folder (default: Lemmas).")
    var folder = "Lemmas"

    @Flag(help: "Replace the section in the folder's README.md.")
    var write = false

    @Flag(help: "Exit 1 if the section in the folder's README.md differs from the generated one.")
    var check = false

    func validate() throws {
        try UsageError.validating {
            if write && check { throw UsageError(.exclusiveOptions, "--write and --check exclude each other") }
        }
    }

    func run() throws {
        do {
            try tabulate()
        } catch let failure as TocFailure {
            StandardError.write(failure.line)
            throw ExitCode(failure.exitCode)
        }
    }

    private func tabulate() throws {
        let root = URL(fileURLWithPath: folder)
        let loaded = LemmaLoader().load(directory: root)
        if loaded.hasErrors {
            throw TocFailure(
                .illFormedFolder, (loaded.diagnostics.map(\.description) + ["\(folder): the lemma folder has errors"]).joined(separator: "\n"))
        }
        let table = TableOfContents(files: loaded.files, relativeTo: root)
        guard write || check else {
            StandardOutput.print(table.markdown)
            return
        }
        let readme = root.appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: readme, encoding: .utf8) else {
            throw TocFailure(
                .readmeUnreadable,
                "error: cannot read \(readme.path); the table of contents goes into the folder's README.md, between a line "
                    + "'\(TableOfContents.beginMarker)' and a later line '\(TableOfContents.endMarker)'")
        }
        let updated: String
        do {
            updated = try table.replacingSection(in: text)
        } catch {
            throw TocFailure(.markersMissing, "error: \(readme.path): \(error)")
        }
        if check {
            guard updated == text else {
                throw TocFailure(.stale, "\(readme.path): the table of contents is stale; run `swift run verify-lemmas toc --write`")
            }
            StandardOutput.print("\(readme.path): table of contents up to date (\(table.entries.count) items)")
        } else if updated != text {
            do {
                try updated.write(to: readme, atomically: true, encoding: .utf8)
            } catch {
                throw TocFailure(.readmeNotWritten, "error: cannot write \(readme.path): \(ReportFile.reason(error))")
            }
            StandardOutput.print("\(readme.path): table of contents written (\(table.entries.count) items)")
        } else {
            StandardOutput.print("\(readme.path): table of contents already up to date (\(table.entries.count) items)")
        }
    }
}
