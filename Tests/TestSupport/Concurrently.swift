import Foundation
import Synchronization

/// Independent parts of one test's work, run at once: each on a thread of its own (16 MiB stacks,
/// as the verifier's workers have), at most `workers` at a time.
public enum Concurrently {
    /// `body` of every item, results in the items' order; the first item's error, if any, is
    /// thrown once every item has finished.
    public static func map<T: Sendable, R: Sendable>(
        _ items: [T], workers: Int = ProcessInfo.processInfo.activeProcessorCount, _ body: @escaping @Sendable (T) throws -> R
    ) throws -> [R] {
        let state = State<R>(count: items.count)
        let done = DispatchGroup()
        for _ in 0..<max(1, min(workers, items.count)) {
            done.enter()
            let thread = Thread {
                while let index = state.take() {
                    state.set(index, Result { try body(items[index]) })
                }
                done.leave()
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
        done.wait()
        return try state.results.map { try $0!.get() }
    }

    /// The next item to take and the results so far.
    private final class State<R: Sendable>: Sendable {
        private let next = Mutex(0)
        private let slots: Mutex<[Result<R, any Error>?]>
        private let count: Int

        init(count: Int) {
            self.count = count
            slots = Mutex(Array(repeating: nil, count: count))
        }

        func take() -> Int? {
            next.withLock { next in
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func set(_ index: Int, _ result: Result<R, any Error>) { slots.withLock { $0[index] = result } }

        var results: [Result<R, any Error>?] { slots.withLock { $0 } }
    }
}
