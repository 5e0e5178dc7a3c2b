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
                throw ValidationError("\(option) \(path): not a regular file; write the report to a new or regular file")
            }
            guard manager.isWritableFile(atPath: path) else { throw ValidationError("\(option) \(path): not writable") }
        }
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(option) \(path): the folder \(folder) does not exist")
        }
        guard manager.isWritableFile(atPath: folder) else { throw ValidationError("\(option) \(path): the folder \(folder) is not writable") }
    }

    /// A folder the pictures can be written into: it exists and is writable, or can be created.
    static func validateFolder(_ path: String, option: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ValidationError("\(option) \(path): not a folder") }
            guard manager.isWritableFile(atPath: path) else { throw ValidationError("\(option) \(path): not writable") }
            return
        }
        try validateFile(path, option: option)
    }
}
