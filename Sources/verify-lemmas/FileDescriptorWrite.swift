import Foundation

/// `write(2)` until every byte is written: the one loop behind standard output, standard error and
/// report files.
enum FileDescriptorWrite {
    /// Writes all of `bytes` to `descriptor`, retrying after EINTR; the `errno` of the write that
    /// failed, or `nil` when every byte was written. A write that makes no progress is EIO, so a
    /// descriptor that accepts nothing cannot hold the loop.
    static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written == 0 {
                return EIO
            } else if errno != EINTR {
                return errno
            }
        }
        return nil
    }
}
