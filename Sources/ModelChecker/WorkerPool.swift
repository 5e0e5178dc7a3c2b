import Foundation

/// Runs one closure per worker on all cores and collects what each returns.
enum WorkerPool {
    /// The number of workers: one per active core.
    static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

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
final class Collected<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [T?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) { lock.withLock { storage[index] = value } }

    var values: [T?] { lock.withLock { storage } }
}

/// A flag any worker can raise to stop the others early.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() { lock.withLock { raised = true } }

    var isRaised: Bool { lock.withLock { raised } }
}

/// Hands out chunks of indices to workers as they ask, so that uneven work still balances.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private let chunk: Int

    init(count: Int, chunk: Int = 32) {
        self.count = count
        self.chunk = chunk
    }

    /// The next chunk of indices, or `nil` when all are handed out.
    func take() -> Range<Int>? {
        lock.withLock {
            guard next < count else { return nil }
            let range = next..<min(next + chunk, count)
            next = range.upperBound
            return range
        }
    }
}
