import ArgumentParser
import Foundation

/// Checks a report's destination before any work is done, so a run never ends by failing to write.
enum OutputDestination {
    /// A file the report can be written to: its folder exists and is writable, and it is either new
    /// or a regular file (a device, folder or link is refused, never replaced).
    static func validateFile(_ path: String, option: String) throws {
        let manager = FileManager.default
        let url = URL(fileURLWithPath: path)
        if let attributes = try? manager.attributesOfItem(atPath: path) {
            let type = attributes[.type] as? FileAttributeType
            guard type == .typeRegular else {
                throw UsageError(.destinationNotRegular, "\(option) \(path): not a regular file; write the report to a new or regular file")
            }
            guard manager.isWritableFile(atPath: path) else { throw UsageError(.destinationNotWritable, "\(option) \(path): not writable") }
        }
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError(.destinationFolderMissing, "\(option) \(path): the folder \(folder) does not exist")
        }
        guard manager.isWritableFile(atPath: folder) else { throw UsageError(.destinationNotWritable, "\(option) \(path): the folder \(folder) is not writable") }
        if let system = pseudoFileSystem(at: folder) {
            throw UsageError(.destinationPseudoFileSystem, "\(option) \(path): in \(system), a pseudo-file system; write the report to a real file")
        }
    }

    /// A folder the pictures can be written into: it exists and is writable, or can be created.
    static func validateFolder(_ path: String, option: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw UsageError(.destinationNotRegular, "\(option) \(path): not a folder") }
            guard manager.isWritableFile(atPath: path) else { throw UsageError(.destinationNotWritable, "\(option) \(path): not writable") }
            if let system = pseudoFileSystem(at: path) {
                throw UsageError(.destinationPseudoFileSystem, "\(option) \(path): in \(system), a pseudo-file system; write into a real folder")
            }
            return
        }
        try validateFile(path, option: option)
    }

    /// The name of the kernel's pseudo-file system (/proc, /sys, …) `path` lies in, where a write
    /// fails or means something else than a report; nil for a real file system.
    static func pseudoFileSystem(at path: String) -> String? {
        #if os(Linux)
        // statfs(2) through the C library, as Swift's Glibc module leaves <sys/statfs.h> out; its
        // first field is the file system's type on every Linux architecture.
        typealias StatFS = @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "statfs") else { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
        defer { buffer.deallocate() }
        guard unsafeBitCast(symbol, to: StatFS.self)(path, buffer) == 0 else { return nil }
        let names: [Int: String] = [
            0x9fa0: "procfs", 0x6265_6572: "sysfs", 0x1cd1: "devpts", 0x6462_6720: "debugfs", 0x7472_6163: "tracefs",
            0x7363_6673: "securityfs", 0x27e0eb: "cgroupfs", 0x6367_7270: "cgroup2fs", 0xcafe_4a11: "bpffs",
            0x6265_6570: "configfs", 0x6165_676c: "pstorefs", 0xde5e_81e4: "efivarfs", 0x6573_5543: "fusectl",
        ]
        return names[buffer.load(as: Int.self)]
        #else
        return nil
        #endif
    }
}
