import Foundation
import TestSupport
import XCTest

/// A test process killed by a signal, or crashing, runs no `atexit` and leaves its folder: the
/// next one removes the folders of ended processes, and those of the naming before the process
/// id once a day old, and no others.
final class TemporaryFolderTests: XCTestCase {
    func testTheFoldersOfEndedProcessesAreRemovedAndNoOthers() throws {
        let directory = TemporaryFolder.path("scan")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let running = Process()
        running.executableURL = URL(fileURLWithPath: "/bin/sleep")
        running.arguments = ["60"]
        try running.run()
        defer {
            running.terminate()
            running.waitUntilExit()
        }
        func folder(_ name: String) throws -> URL {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.appendingPathComponent("inside"), withIntermediateDirectories: true)
            return url
        }
        let own = ProcessInfo.processInfo.processIdentifier
        let gone = try folder("verify-lemmas-tests-\(ended.processIdentifier)-\(UUID().uuidString)")
        // The naming before the process id: removed once a day old, kept before.
        let old = try folder("verify-lemmas-tests-\(UUID().uuidString)")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * 24 * 60 * 60)], ofItemAtPath: old.path)
        let kept = [
            try folder("verify-lemmas-tests-\(UUID().uuidString)"),
            try folder("verify-lemmas-tests-\(own)-\(UUID().uuidString)"),
            try folder("verify-lemmas-tests-\(running.processIdentifier)-\(UUID().uuidString)"),
            try folder("verify-lemmas-tests-\(ended.processIdentifier)-not-a-uuid"),
            try folder("verify-lemmas-tests-x\(ended.processIdentifier)-\(UUID().uuidString)"),
            try folder("other-\(ended.processIdentifier)-\(UUID().uuidString)"),
        ]
        XCTAssertEqual(
            Set(TemporaryFolder.removeFoldersOfEndedProcesses(in: directory).map(\.lastPathComponent)), [gone.lastPathComponent, old.lastPathComponent])
        XCTAssertFalse(FileManager.default.fileExists(atPath: gone.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.path))
        for url in kept { XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), url.lastPathComponent) }
    }

    /// The process's own folder is made after the sweep, in the system's temporary directory.
    func testTheRootIsThisProcesssFolder() {
        let name = TemporaryFolder.root.lastPathComponent
        XCTAssertTrue(name.hasPrefix("verify-lemmas-tests-\(ProcessInfo.processInfo.processIdentifier)-"), name)
        XCTAssertTrue(FileManager.default.fileExists(atPath: TemporaryFolder.root.path))
    }
}
