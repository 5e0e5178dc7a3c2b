import Foundation

/// Where a path leads, for telling two paths apart: the absolute path with links resolved in the
/// part that exists, and the device and inode when the file exists (a hard link, or a path through
/// a link, is the same place).
struct Place {
    /// The device and inode of an existing file.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    let path: String
    let identity: Identity?

    init(_ path: String) {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        var resolved = Self.resolved(existing.path)
        while resolved == nil, existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
            resolved = Self.resolved(existing.path)
        }
        self.path = rest.reduce(URL(fileURLWithPath: resolved ?? existing.path)) { $0.appendingPathComponent($1) }.path
        var status = stat()
        identity = stat(path, &status) == 0 ? Identity(status) : nil
    }

    /// `path` with every link resolved, if it exists.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The same file: the same inode, or the same resolved path.
    func isSame(as other: Place) -> Bool {
        if let identity, let otherIdentity = other.identity { return identity == otherIdentity }
        return path == other.path
    }

    /// Strictly inside `folder`.
    func lies(in folder: Place) -> Bool {
        path.hasPrefix(folder.path == "/" ? "/" : folder.path + "/") && path != folder.path
    }

    /// The regular file standard output is redirected to.
    var isStandardOutput: Bool {
        var status = stat()
        guard let identity, fstat(STDOUT_FILENO, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        return Identity(status) == identity
    }
}

extension Place.Identity {
    init(_ status: stat) { self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) }
}
