import CZ3
import Foundation

/// Cancels every Z3 check in the process, from any thread (a signal handler's queue, say): every
/// live context is interrupted, and every later check answers `unknown` with reason
/// `"interrupted"` without running. Cancellation is final for the process.
public enum Z3Cancellation {
    /// The live contexts, guarded by `lock` so that no context is interrupted while it is deleted.
    private final class Registry: @unchecked Sendable {
        // Safe to share: every access to `contexts` and `cancelled` holds `lock`.
        let lock = NSLock()
        var contexts: [ObjectIdentifier: Z3_context] = [:]
        var cancelled = false
    }

    private static let registry = Registry()

    /// The reason a check gives once the process is cancelled.
    public static let reason = "interrupted"

    /// Whether `cancelAll()` was called.
    public static var isCancelled: Bool {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        return registry.cancelled
    }

    /// Interrupts every running check and makes every later one answer `unknown`.
    public static func cancelAll() {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.cancelled = true
        for context in registry.contexts.values { Z3_interrupt(context) }
    }

    static func register(_ context: Z3Context) {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.contexts[ObjectIdentifier(context)] = context.raw
    }

    /// Called before the context is deleted.
    static func unregister(_ context: Z3Context) {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.contexts[ObjectIdentifier(context)] = nil
    }
}
