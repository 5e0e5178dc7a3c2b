import Foundation
import Synchronization

/// The process's one pool of worker threads (16 MiB stacks each): the checker's workers and the
/// verifier's jobs both run on it.
package enum WorkerPool {
    /// The number of workers: one per active core.
    package static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `body` applied to every item, on at most `workers` threads, results in the items' order.
    package static func map<T: Sendable, R: Sendable>(_ items: [T], workers: Int, _ body: @escaping @Sendable (T) -> R) -> [R] {
        guard !items.isEmpty else { return [] }
        let results = Collected<R>(count: items.count)
        let queue = WorkQueue(count: items.count, chunk: 1)
        _ = run(workers: max(1, min(workers, items.count))) { _ in
            while let chunk = queue.take() {
                for index in chunk { results.set(index, body(items[index])) }
            }
            return 0
        }
        return results.values.map { $0! }
    }

    /// Runs `body(worker)` for every worker on its own thread and waits for all of them.
    static func run<T: Sendable>(workers: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Collected<T>(count: workers)
        let done = DispatchGroup()
        for worker in 0..<workers {
            done.enter()
            let thread = Thread {
                results.set(worker, body(worker))
                done.leave()
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
        done.wait()
        return results.values.map { $0! }
    }
}

/// Per-worker results written under a lock.
final class Collected<T: Sendable>: Sendable {
    private let storage: Mutex<[T?]>

    init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: T) { storage.withLock { $0[index] = value } }

    var values: [T?] { storage.withLock { $0 } }
}

/// The lowest index at which any worker found something: workers give up on higher indices, so
/// the result (the lowest index's) is the same for any number of workers.
final class LowestIndex: Sendable {
    private let lowest = Mutex(Int.max)

    /// Records `index` if it is lower than the lowest so far.
    func record(_ index: Int) { lowest.withLock { $0 = min($0, index) } }

    /// Whether a lower index than `index` was recorded.
    func isBelow(_ index: Int) -> Bool { lowest.withLock { $0 < index } }
}

/// Hands out chunks of indices to workers as they ask, so that uneven work still balances.
final class WorkQueue: Sendable {
    private let next = Mutex(0)
    private let count: Int
    private let chunk: Int

    init(count: Int, chunk: Int = 32) {
        self.count = count
        self.chunk = chunk
    }

    /// The next chunk of indices, or `nil` when all are handed out.
    func take() -> Range<Int>? {
        next.withLock { next in
            guard next < count else { return nil }
            let range = next..<min(next + chunk, count)
            next = range.upperBound
            return range
        }
    }
}
