import Foundation
import Synchronization

/// How far a running exploration is, updated by the workers after every chunk of programs and
/// read by a progress display on another thread.
package final class ExplorationProgress: Sendable {
    private struct Counts {
        var total = 0
        var done = 0
        var states = 0
        var started = Date()
    }

    private let counts = Mutex(Counts())

    /// A progress tracker with nothing begun.
    package init() {}

    /// What a display shows.
    package struct Snapshot: Sendable {
        /// Programs done and programs in all.
        package var programsDone: Int
        package var programsTotal: Int
        /// States generated so far.
        package var states: Int
        /// Seconds since the exploration began.
        package var seconds: Double

        /// States generated per second so far.
        package var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }

        /// Seconds left if the remaining programs go as fast as the done ones, or `nil` before any.
        package var secondsLeft: Double? {
            programsDone > 0 ? seconds * Double(programsTotal - programsDone) / Double(programsDone) : nil
        }

        /// One line: states, states per second, programs done of total, estimated time left.
        package var line: String {
            let eta = secondsLeft.map { String(format: "%.0f s", $0) } ?? "?"
            return String(
                format: "%@ states, %@ states/s, %d of %d programs, ETA %@", Self.short(Double(states)),
                Self.short(statesPerSecond), programsDone, programsTotal, eta)
        }

        private static func short(_ value: Double) -> String {
            switch value {
            case 1e9...: return String(format: "%.2f G", value / 1e9)
            case 1e6...: return String(format: "%.1f M", value / 1e6)
            case 1e3...: return String(format: "%.0f K", value / 1e3)
            default: return String(format: "%.0f", value)
            }
        }
    }

    func begin(programs: Int) {
        counts.withLock { $0 = Counts(total: programs) }
    }

    func add(programs: Int, states added: Int) {
        counts.withLock {
            $0.done += programs
            $0.states += added
        }
    }

    /// The counts so far.
    package var snapshot: Snapshot {
        counts.withLock {
            Snapshot(programsDone: $0.done, programsTotal: $0.total, states: $0.states, seconds: Date().timeIntervalSince($0.started))
        }
    }
}
