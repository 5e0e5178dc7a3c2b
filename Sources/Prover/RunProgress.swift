import Foundation
import Synchronization

/// How far a lemma run has got, updated by the run's jobs and read by a progress display on
/// another thread: its tasks done of total (`RunSchedule`: the solver routes, the checker's walks,
/// obligations and scenarios, then each item's verdict, explained with `--explain`), the task
/// begun last, and the stage (the mutation score's mutant).
package final class RunProgress: Sendable {
    /// What a display shows.
    package struct Snapshot: Sendable, Equatable {
        /// The part of a longer run this is, e.g. `mutant 3 of 26 (arm-ignored)`; nil for the run itself.
        package var stage: String?
        /// Tasks done and tasks in all (0 of 0 before the run has planned its work).
        package var done: Int
        package var total: Int
        /// The task begun last: an item's name, or the obligations of a rule set.
        package var current: String?

        /// A snapshot of these counts.
        package init(stage: String? = nil, done: Int = 0, total: Int = 0, current: String? = nil) {
            (self.stage, self.done, self.total, self.current) = (stage, done, total, current)
        }

        /// One line without the elapsed time: `[stage: ]done/total tasks[, current]`.
        package var line: String {
            let counts = "\(done)/\(total) tasks"
            return (stage.map { "\($0): " } ?? "") + counts + (current.map { ", \($0)" } ?? "")
        }
    }

    private let state = Mutex(Snapshot())

    /// Nothing begun.
    package init() {}

    /// The progress so far.
    package var snapshot: Snapshot { state.withLock { $0 } }

    /// A new stage: counts start again.
    func enter(stage: String) { state.withLock { $0 = Snapshot(stage: stage) } }

    /// The run planned `total` tasks.
    func plan(total: Int) {
        state.withLock {
            $0.total = total
            $0.done = 0
            $0.current = nil
        }
    }

    /// A task named `name` began.
    func started(_ name: String) { state.withLock { $0.current = name } }

    /// A task ended.
    func finished() { state.withLock { $0.done = min($0.total, $0.done + 1) } }
}
