import CZ3
import Dispatch
import Synchronization

/// The backstop for a check's time limit, and the courier of its run's cancellation: from the
/// deadline on, or once the run is cancelled, it interrupts the context on every tick until
/// `disarm()`. Z3 4.8.12 forgets an interrupt that lands before its check starts, so one
/// interrupt sent between a caller's last look at the cancellation and Z3's start would be lost
/// and the check would run to its time limit; a repeated one reaches the running check.
/// `disarm()` must be called when the check returns (in a `defer`); after it, the watchdog never
/// touches the context again, so it cannot interrupt a later call.
final class Z3Watchdog {
    /// How often an armed watchdog looks at the clock and the cancellation, and interrupts again.
    static let tickMilliseconds = 10

    /// What the timer's handler needs, shared without a reference cycle.
    /// Z3_interrupt is the one Z3 call documented as callable from another thread; the context is
    /// read only under the lock, so it is never interrupted after `disarm()`.
    private final class Trigger: Sendable {
        private struct State {
            /// The context's address: a pointer is not `Sendable`, its bits are.
            let context: Int
            let deadline: UInt64
            var armed = true
            var fired = false
            /// Whether it has called `Z3_interrupt` at all (the deadline's or the cancellation's).
            var interrupted = false
        }

        private let state: Mutex<State>
        private let cancellation: Z3Cancellation?

        init(context: Z3_context, deadline: DispatchTime, cancellation: Z3Cancellation?) {
            state = Mutex(State(context: Int(bitPattern: context), deadline: deadline.uptimeNanoseconds))
            self.cancellation = cancellation
        }

        /// Interrupts the context if the run is cancelled or the deadline has passed.
        func tick() {
            state.withLock { state in
                guard state.armed else { return }
                let cancelled = cancellation?.isCancelled ?? false
                guard cancelled || DispatchTime.now().uptimeNanoseconds >= state.deadline else { return }
                if !cancelled { state.fired = true }
                state.interrupted = true
                Z3_interrupt(Z3_context(bitPattern: state.context))
            }
        }

        /// Whether it has interrupted at the deadline.
        var hasFired: Bool { state.withLock { $0.fired } }

        /// Whether it has interrupted for any reason.
        var hasInterrupted: Bool { state.withLock { $0.interrupted } }

        func disarm() -> Bool {
            state.withLock { state in
                state.armed = false
                return state.fired
            }
        }
    }

    private let trigger: Trigger
    /// A timer source, unlike `asyncAfter`, is released as soon as it is cancelled.
    private let timer: DispatchSourceTimer

    /// Arms a watchdog that calls `Z3_interrupt(context)` after `milliseconds`, and, with a
    /// `cancellation`, on its first tick after the run is cancelled; then on every tick.
    init(context: Z3_context, milliseconds: Int, cancellation: Z3Cancellation? = nil) {
        let now = DispatchTime.now()
        let trigger = Trigger(context: context, deadline: now + .milliseconds(milliseconds), cancellation: cancellation)
        self.trigger = trigger
        let tick = Self.tickMilliseconds
        timer = DispatchSource.makeTimerSource(queue: .global())
        // Without a cancellation nothing can happen before the deadline, so no tick is spent on it.
        let first = cancellation == nil ? milliseconds : min(milliseconds, tick)
        timer.schedule(deadline: now + .milliseconds(first), repeating: .milliseconds(tick))
        timer.setEventHandler { trigger.tick() }
        timer.resume()
    }

    /// Whether it has interrupted Z3 at its deadline (it stays armed and interrupts again).
    var hasFired: Bool { trigger.hasFired }

    /// Whether it has interrupted Z3 at all, at the deadline or for the cancellation (read after
    /// `disarm()`, it is final).
    var hasInterrupted: Bool { trigger.hasInterrupted }

    /// Stops the watchdog; from now on it does nothing. Returns whether it had interrupted Z3 at
    /// its deadline (an interrupt for the cancellation does not count).
    @discardableResult
    func disarm() -> Bool {
        let result = trigger.disarm()
        timer.cancel()
        return result
    }
}
