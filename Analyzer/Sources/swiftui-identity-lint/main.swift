import Foundation
import SwiftUIIdentityLint

/// A progress line on standard error for trees of more than 50 files, erased at the end.
func progressLine(_ done: Int, _ total: Int) {
    guard total > 50, done % 25 == 0 || done == total else { return }
    FileHandle.standardError.write(Data("\rswiftui-identity-lint: \(done)/\(total) files".utf8))
    if done == total { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
}

do {
    let command = try LintCommand(arguments: Array(CommandLine.arguments.dropFirst()))
    let (text, code) = command.run(progress: progressLine)
    FileHandle.standardOutput.write(Data(text.utf8))
    exit(code)
} catch .message(let message) {
    FileHandle.standardError.write(Data("error: \(message)\n\(LintCommand.usage)\n".utf8))
    exit(2)
}
