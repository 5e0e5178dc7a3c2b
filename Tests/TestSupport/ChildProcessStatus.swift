import Foundation

/// What Linux's /proc shows of a started child process, so that a test waits on what the process
/// did (installed a handler, spent processor time) instead of on the wall clock, which a loaded
/// machine stretches.
public struct ChildProcessStatus: Sendable {
    /// The child's process id.
    public let pid: Int32

    /// The status of `pid`.
    public init(pid: Int32) { self.pid = pid }

    /// Whether the process runs `command` (not the spawning copy of the test process, whose
    /// handlers are another's) and catches `signal` with a handler of its own (`SigCgt` in
    /// /proc/PID/status; a signal ignored or read from a descriptor does not count).
    public func catches(_ signal: Int32, command: String = "verify-lemmas") -> Bool {
        guard read("comm").trimmingCharacters(in: .whitespacesAndNewlines) == command,
              let line = read("status").split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// The processor time the process has used so far, user and system, in clock ticks
    /// (/proc/PID/stat fields 14 and 15); `nil` once it is gone.
    public var processorTicks: Int? {
        let stat = read("stat")
        // The command name (field 2) is in parentheses and may hold spaces: count from after it.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (the state), so fields 14 and 15 are fields[11] and fields[12].
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// Waits until `process` has used `ticks` of processor time, ended, or `seconds` went by,
    /// reading every millisecond; returns the last reading (for a process that ended, the time it
    /// used, give or take the millisecond before /proc let it go).
    @discardableResult
    public static func wait(for process: Process, toUse ticks: Int, within seconds: Double) -> Int {
        let status = ChildProcessStatus(pid: process.processIdentifier)
        let deadline = Date().addingTimeInterval(seconds)
        var used = status.processorTicks ?? 0
        while process.isRunning, Date() < deadline, used < ticks {
            usleep(1_000)
            used = status.processorTicks ?? used
        }
        return used
    }

    /// Clock ticks per second (`processorTicks`' unit).
    public static let ticksPerSecond = Int(sysconf(Int32(_SC_CLK_TCK)))

    private func read(_ name: String) -> String {
        (try? String(contentsOfFile: "/proc/\(pid)/\(name)", encoding: .utf8)) ?? ""
    }
}
