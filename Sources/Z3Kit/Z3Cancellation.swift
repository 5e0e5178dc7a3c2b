import CZ3
import Synchronization

/// One run's cancellation of its Z3 checks, from any thread (a signal handler's queue, say): every
/// live context made with it is interrupted, and every later check of those contexts answers
/// `unknown` with reason `"interrupted"` without running. Final for the run; contexts made with
/// another cancellation (another run in the same process) are not touched.
package final class Z3Cancellation: Sendable {
    /// The live contexts, under one lock so that no context is interrupted while it is deleted.
    private struct Registry {
        /// Each live context's address: a pointer is not `Sendable`, its bits are.
        var contexts: [ObjectIdentifier: Int] = [:]
        var cancelled = false
    }

    private let registry = Mutex(Registry())

    /// The reason a check gives once its run is cancelled.
    package static let reason = "interrupted"

    /// A cancellation not yet cancelled.
    package init() {}

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { registry.withLock { $0.cancelled } }

    /// Interrupts every running check of this run's contexts and makes every later one answer `unknown`.
    package func cancel() {
        registry.withLock { registry in
            registry.cancelled = true
            for address in registry.contexts.values { Z3_interrupt(Z3_context(bitPattern: address)) }
        }
    }

    func register(_ context: Z3Context) {
        let address = Int(bitPattern: context.raw)
        registry.withLock { $0.contexts[ObjectIdentifier(context)] = address }
    }

    /// Called before the context is deleted.
    func unregister(_ context: Z3Context) {
        registry.withLock { $0.contexts[ObjectIdentifier(context)] = nil }
    }
}
