import Foundation
import Prover

/// Writes every counterexample of a run, a lemma's or a scenario's, as `NAME.dot`, and `NAME.svg`
/// where Graphviz is installed.
package struct DotFolder {
    package let path: String

    /// A writer into `path` (created if missing).
    package init(path: String) { self.path = path }

    /// Writes the pictures; returns the files written.
    @discardableResult
    package func write(_ report: RunReport) throws -> [String] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let graphviz = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
        var written: [String] = []
        for lemma in report.lemmas {
            guard let counterexample = lemma.counterexample, !counterexample.trees.isEmpty || !counterexample.viewTrees.isEmpty else { continue }
            let dotPath = "\(path)/\(lemma.name).dot"
            try DotWriter.dot(counterexample, title: lemma.name).write(toFile: dotPath, atomically: true, encoding: .utf8)
            written.append(dotPath)
            if let graphviz {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: graphviz)
                process.arguments = ["-Tsvg", dotPath, "-o", "\(path)/\(lemma.name).svg"]
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus == 0 { written.append("\(path)/\(lemma.name).svg") }
            }
        }
        return written
    }
}
