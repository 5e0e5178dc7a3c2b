import Z3Kit

/// One run's cancellation, made by whoever starts the run and cancelled from any thread (a signal
/// handler's queue, say). Every solver session whose budget carries it stops its running check and
/// answers `unknown (interrupted)` to every later one; the front end and the checker's walks that
/// poll `isCancelled` stop before their next item. Final for that run: another run, with a
/// cancellation of its own, is not touched (a test may cancel one run and start the next).
package struct Cancellation: Sendable, Hashable {
    let z3: Z3Cancellation

    /// A cancellation not yet cancelled.
    package init() { z3 = Z3Cancellation() }

    /// Stops the run: its running checks are interrupted, later ones do not run.
    package func cancel() { z3.cancel() }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { z3.isCancelled }

    package static func == (lhs: Cancellation, rhs: Cancellation) -> Bool { lhs.z3 === rhs.z3 }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(z3)) }
}
