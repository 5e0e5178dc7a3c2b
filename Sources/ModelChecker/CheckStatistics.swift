import Foundation

/// Counts and timing of an exploration.
package struct CheckStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Programs explored.
    package var programs = 0
    /// Renders compiled.
    package var renders = 0
    /// States generated: initial states plus every successor of every transition.
    package var states = 0
    /// Transitions taken.
    package var transitions = 0
    /// Distinct states (per program, after deduplication).
    package var distinctStates = 0
    /// Transitions skipped as undefined behaviour.
    package var undefinedTransitions = 0
    /// Wall-clock seconds.
    package var seconds = 0.0
    /// Processor seconds of the whole process, all threads (`getrusage`).
    package var cpuSeconds = 0.0
    /// Peak resident memory in kilobytes (`VmHWM`), or 0 where unavailable.
    package var peakMemoryKB = 0
    /// Worker threads used.
    package var workers = 1

    /// States generated per second.
    package var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }

    /// States generated per processor second: the per-core rate, whatever else the machine runs.
    package var statesPerCPUSecond: Double { cpuSeconds > 0 ? Double(states) / cpuSeconds : 0 }

    mutating func add(_ other: CheckStatistics) {
        programs += other.programs
        renders += other.renders
        states += other.states
        transitions += other.transitions
        distinctStates += other.distinctStates
        undefinedTransitions += other.undefinedTransitions
    }

    package var description: String {
        let perSecond = String(format: "%.0f", statesPerSecond)
        let perCore = String(format: "%.0f", statesPerSecond / Double(max(workers, 1)))
        return """
            programs: \(programs)
            renders: \(renders)
            states generated: \(states)
            transitions: \(transitions)
            distinct states: \(distinctStates)
            undefined transitions skipped: \(undefinedTransitions)
            seconds: \(String(format: "%.3f", seconds))
            states/second: \(perSecond) (\(perCore) per core, \(workers) workers)
            processor seconds: \(String(format: "%.3f", cpuSeconds)) (\(String(format: "%.0f", statesPerCPUSecond)) states per processor second)
            peak memory: \(peakMemoryKB) kB
            """
    }

    /// Processor time used by the process so far, in seconds.
    static func processorSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's peak resident set size from `/proc/self/status`.
    static func peakMemory() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
