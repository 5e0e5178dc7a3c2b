import ArgumentParser
import Foundation

/// Everything a command will write and read, checked together before any work: each destination
/// on its own (`OutputDestination`), then against the others, the inputs and standard output, so
/// that no report replaces an input or another report.
struct OutputPlan {
    /// A destination: a file, or a folder the command writes into (`--dot`) or replaces whole
    /// (`--proofs` with `--write-proofs`).
    struct Output {
        var option: String
        var path: String
        var isFolder = false
        var isReplaced = false
    }

    /// What the command reads: a file, or a folder of which it reads the files ending in
    /// `.extension` (every file when nil).
    struct Input {
        var path: String
        var fileExtension: String?
        /// How the message names it.
        var role = "an input"
    }

    var outputs: [Output] = []
    var inputs: [Input] = []

    /// A file destination, or standard output for `-`.
    mutating func file(_ path: String?, option: String) {
        if let path { outputs.append(Output(option: option, path: path)) }
    }

    /// A folder destination; `replaced`: the run replaces it whole.
    mutating func folder(_ path: String?, option: String, replaced: Bool = false) {
        if let path { outputs.append(Output(option: option, path: path, isFolder: true, isReplaced: replaced)) }
    }

    /// Throws a `UsageError` naming the option and the path of the first destination that is
    /// not writable, is a pseudo-file system's, is an input, is another destination or lies in one,
    /// or is standard output; `-` may be given once.
    func validate() throws {
        let standardOutput = outputs.filter { $0.path == "-" }
        if standardOutput.count > 1 {
            throw UsageError(.standardOutputTwice, "\(standardOutput.map(\.option).joined(separator: " and ")) each write to standard output ('-'); give at most one")
        }
        let files = outputs.filter { $0.path != "-" }
        for output in files {
            if output.isFolder {
                try OutputDestination.validateFolder(output.path, option: output.option)
                let parent = URL(fileURLWithPath: output.path).standardizedFileURL.deletingLastPathComponent().path
                if output.isReplaced && !FileManager.default.isWritableFile(atPath: parent) {
                    throw UsageError(.destinationNotWritable, "\(output.option) \(output.path): the folder \(parent) is not writable, and the new folder is built there")
                }
            } else {
                try OutputDestination.validateFile(output.path, option: output.option)
            }
        }
        let located = files.map { (output: $0, place: Place($0.path)) }
        for (index, (output, place)) in located.enumerated() {
            for (other, otherPlace) in located[..<index] where place.isSame(as: otherPlace) {
                throw UsageError(.destinationTwice, "\(output.option) \(output.path): the same path as \(other.option) \(other.path); give each report its own file")
            }
            for (other, otherPlace) in located where other.isFolder && !(other.option == output.option && other.path == output.path) {
                if place.lies(in: otherPlace) {
                    throw UsageError(.destinationInsideOutput, "\(output.option) \(output.path): inside the \(other.option) folder \(other.path), which the run writes; choose a path outside it")
                }
            }
            for input in inputs {
                let inputPlace = Place(input.path)
                let read = place.isSame(as: inputPlace) || place.lies(in: inputPlace) && input.fileExtension.map { output.path.hasSuffix(".\($0)") } ?? true
                if read && (!output.isFolder || output.isReplaced) {
                    throw UsageError(.destinationIsInput, "\(output.option) \(output.path): \(input.role) of this run (\(input.path)); writing there would destroy it")
                }
                if output.isReplaced && inputPlace.lies(in: place) {
                    throw UsageError(.destinationIsInput, "\(output.option) \(output.path): holds \(input.role) of this run (\(input.path)), and the run replaces the folder")
                }
            }
            if place.isStandardOutput {
                throw UsageError(.destinationIsStandardOutput, "\(output.option) \(output.path): the file standard output is redirected to; the report would replace what the run prints")
            }
        }
    }
}
