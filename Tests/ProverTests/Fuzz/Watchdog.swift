import Foundation

/// Ends the process when one in-process input runs longer than `limit` (a hang cannot be
/// interrupted from inside), after letting the caller keep the input.
final class Watchdog: @unchecked Sendable {
    // Safe to share: `running` is read and written under `lock` only.
    private let lock = NSLock()
    private var running: (number: Int, start: Date, keep: () -> Void)?
    private let limit: TimeInterval

    /// A watchdog checking every second.
    init(limit: TimeInterval) {
        self.limit = limit
        let thread = Thread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: 1)
                guard let self else { return }
                self.check()
            }
        }
        thread.start()
    }

    /// Input `number` starts; `keep` saves it if it hangs.
    func start(_ number: Int, keep: @escaping () -> Void) {
        lock.lock()
        running = (number, Date(), keep)
        lock.unlock()
    }

    /// The input finished.
    func stop() {
        lock.lock()
        running = nil
        lock.unlock()
    }

    private func check() {
        lock.lock()
        defer { lock.unlock() }
        guard let running, Date().timeIntervalSince(running.start) > limit else { return }
        running.keep()
        FileHandle.standardError.write(Data("fuzz: input \(running.number) ran longer than \(Int(limit)) s in the front end: a hang\n".utf8))
        exit(86)
    }
}
