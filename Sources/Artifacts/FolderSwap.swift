import Foundation

/// Exchanges two folders in one system call, so that whoever looks sees either the one or the
/// other under each name, never neither: `renameat2(RENAME_EXCHANGE)` on Linux (looked up at run
/// time: the C library declares it only for `_GNU_SOURCE`), `renamex_np(RENAME_SWAP)` on macOS.
enum FolderSwap {
    /// Exchanges `a` and `b`; false, with nothing changed, where the platform or the file system
    /// cannot (older kernels, NFS); throws for any other failure.
    static func exchange(_ a: URL, _ b: URL) throws -> Bool {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameAt2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE, <linux/fs.h>
        if renameAt2(AT_FDCWD, a.path, AT_FDCWD, b.path, exchangeFlag) == 0 { return true }
        #elseif canImport(Darwin)
        if renamex_np(a.path, b.path, UInt32(RENAME_SWAP)) == 0 { return true }
        #else
        return false
        #endif
        let code = errno
        if [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP].contains(code) { return false }
        throw NSError(domain: NSPOSIXErrorDomain, code: Int(code))
    }
}
