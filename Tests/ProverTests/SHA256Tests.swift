import Foundation
import TestSupport
import XCTest

@testable import Prover

/// SHA-256 against FIPS 180-4's published vectors and against coreutils' `sha256sum` on every
/// length around the padding boundaries (55, 56, 63, 64 bytes and their next blocks).
final class SHA256Tests: XCTestCase {
    func testPublishedVectors() {
        XCTAssertEqual(SHA256.hex([UInt8]()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex(Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        XCTAssertEqual(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Fed in pieces or at once, the digest is the same.
    func testPiecesHashAsTheWhole() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        var hash = SHA256()
        hash.update(bytes[..<1])
        hash.update(bytes[1..<64])
        hash.update(bytes[64..<65])
        hash.update(bytes[65...])
        XCTAssertEqual(hash.finalHex(), SHA256.hex(bytes))
        XCTAssertNotEqual(SHA256.hex(bytes.dropLast()), SHA256.hex(bytes))
    }

    func testAgreesWithSha256sumAroundEveryPaddingBoundary() throws {
        let folder = try Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counts = Array(0...2) + Array(54...66) + Array(118...130)
        let inputs = counts.map { count in (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ count) } }
        let files = counts.map { folder.appendingPathComponent("\($0).bin") }
        for (file, bytes) in zip(files, inputs) { try Data(bytes).write(to: file) }
        // One sha256sum for every file: a line each, in the order given.
        let (status, output) = try ExternalTool.run("sha256sum", files.map(\.path))
        XCTAssertEqual(status, 0, output)
        let lines = output.split(separator: "\n")
        XCTAssertEqual(lines.count, counts.count, output)
        for (count, (line, bytes)) in zip(counts, zip(lines, inputs)) {
            XCTAssertTrue(line.hasSuffix("\(count).bin"), "\(line)")
            XCTAssertEqual(String(line.prefix(64)), SHA256.hex(bytes), "\(count) bytes")
        }
    }
}
