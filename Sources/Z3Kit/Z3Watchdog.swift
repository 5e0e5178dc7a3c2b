import CZ3
import Dispatch
import Foundation

/// The backstop for a check's time limit: interrupts the context if the check is still running
/// at the deadline. `disarm()` must be called when the check returns (in a `defer`); after it, the
/// watchdog never touches the context again, so it cannot interrupt a later call.
final class Z3Watchdog {
    /// What the timer's handler needs, shared without a reference cycle.
    private final class Trigger: @unchecked Sendable {
        // Safe to share: `armed` is read and written only under `lock`; Z3_interrupt is the one
        // Z3 call documented as callable from another thread.
        let lock = NSLock()
        let context: Z3_context
        var armed = true
        var fired = false

        init(context: Z3_context) {
            self.context = context
        }

        func fire() {
            lock.lock()
            defer { lock.unlock() }
            if armed {
                fired = true
                Z3_interrupt(context)
            }
        }

        func disarm() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            armed = false
            return fired
        }
    }

    private let trigger: Trigger
    /// A timer source, unlike `asyncAfter`, is released as soon as it is cancelled.
    private let timer: DispatchSourceTimer

    /// Arms a watchdog that calls `Z3_interrupt(context)` after `milliseconds`.
    init(context: Z3_context, milliseconds: Int) {
        let trigger = Trigger(context: context)
        self.trigger = trigger
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(milliseconds))
        timer.setEventHandler { trigger.fire() }
        timer.resume()
    }

    /// Stops the watchdog; from now on it does nothing. Returns whether it had interrupted Z3.
    @discardableResult
    func disarm() -> Bool {
        let fired = trigger.disarm()
        timer.cancel()
        return fired
    }
}
