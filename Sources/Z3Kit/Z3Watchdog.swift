import CZ3
import Dispatch
import Synchronization

/// The backstop for a check's time limit: interrupts the context if the check is still running
/// at the deadline. `disarm()` must be called when the check returns (in a `defer`); after it, the
/// watchdog never touches the context again, so it cannot interrupt a later call.
final class Z3Watchdog {
    /// What the timer's handler needs, shared without a reference cycle.
    /// Z3_interrupt is the one Z3 call documented as callable from another thread; the context is
    /// read only under the lock, so it is never interrupted after `disarm()`.
    private final class Trigger: Sendable {
        private struct State {
            /// The context's address: a pointer is not `Sendable`, its bits are.
            let context: Int
            var armed = true
            var fired = false
        }

        private let state: Mutex<State>

        init(context: Z3_context) {
            state = Mutex(State(context: Int(bitPattern: context)))
        }

        func fire() {
            state.withLock { state in
                if state.armed {
                    state.fired = true
                    Z3_interrupt(Z3_context(bitPattern: state.context))
                }
            }
        }

        var hasFired: Bool { state.withLock { $0.fired } }

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

    /// How often it interrupts again after the deadline: Z3 drops an interrupt that comes before
    /// the check has begun (a loaded machine can delay the check past a short limit), and the
    /// check would then run to its end, which a looping query never reaches.
    static let repeatMilliseconds = 10

    /// Arms a watchdog that calls `Z3_interrupt(context)` after `milliseconds`, and again every
    /// `repeatMilliseconds` until `disarm()`.
    init(context: Z3_context, milliseconds: Int) {
        let trigger = Trigger(context: context)
        self.trigger = trigger
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(Self.repeatMilliseconds))
        timer.setEventHandler { trigger.fire() }
        timer.resume()
    }

    /// Whether it has interrupted Z3 (it stays armed).
    var hasFired: Bool { trigger.hasFired }

    /// Stops the watchdog; from now on it does nothing. Returns whether it had interrupted Z3.
    @discardableResult
    func disarm() -> Bool {
        let fired = trigger.disarm()
        timer.cancel()
        return fired
    }
}
