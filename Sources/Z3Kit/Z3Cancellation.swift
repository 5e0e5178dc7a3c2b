import CZ3
import Synchronization

/// Cancels every Z3 check in the process, from any thread (a signal handler's queue, say): every
/// live context is interrupted, and every later check answers `unknown` with reason
/// `"interrupted"` without running. Cancellation is final for the process.
public enum Z3Cancellation {
    /// The live contexts, under one lock so that no context is interrupted while it is deleted.
    private struct Registry {
        /// Each live context's address: a pointer is not `Sendable`, its bits are.
        var contexts: [ObjectIdentifier: Int] = [:]
        var cancelled = false
    }

    private static let registry = Mutex(Registry())

    /// The reason a check gives once the process is cancelled.
    public static let reason = "interrupted"

    /// Whether `cancelAll()` was called.
    public static var isCancelled: Bool { registry.withLock { $0.cancelled } }

    /// Interrupts every running check and makes every later one answer `unknown`.
    public static func cancelAll() {
        registry.withLock { registry in
            registry.cancelled = true
            for address in registry.contexts.values { Z3_interrupt(Z3_context(bitPattern: address)) }
        }
    }

    static func register(_ context: Z3Context) {
        let address = Int(bitPattern: context.raw)
        registry.withLock { $0.contexts[ObjectIdentifier(context)] = address }
    }

    /// Called before the context is deleted.
    static func unregister(_ context: Z3Context) {
        registry.withLock { $0.contexts[ObjectIdentifier(context)] = nil }
    }
}
