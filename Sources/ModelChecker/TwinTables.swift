import Foundation
import IdentityModel

/// The compiled tables of every program within bounds, as text for the SPIN twin
/// (`Benchmarks/spin/`): the twin re-implements the transition on these tables in C, so it
/// explores the very state space `explore` does.
package enum TwinTables {
    /// One line `programs renders` and then, per program, a line `renders retainable` followed by
    /// one line per render: `rendered initialOnes cacheSurvives undefined ranges…`, bit sets as
    /// hexadecimal (high word, low word), `undefined` 1 if the render alone is undefined, and each
    /// constant-range `ForEach` as `identity:rows`.
    package static func text(bounds: Bounds, rules: RuleSet) throws -> String {
        guard !rules.itemLevelRetention else { throw ItemLevelRetentionUnsupported() }
        let enumerator = ProgramEnumerator(bounds: bounds)
        let programs = enumerator.programs()
        var lines: [String] = []
        var renders = 0
        let cache = EnumerationCache<RenderSummary>()
        for program in programs {
            let compiled = try CompiledProgram(programs: [program], enumerator: enumerator, rules: rules, cache: cache)
            renders += compiled.renderCount
            lines.append("\(compiled.renderCount) \(hex(compiled.retainable))")
            for render in 0..<compiled.renderCount {
                let ranges = compiled.constantRanges(of: Int32(render)).map { "\($0.0):\($0.1)" }
                lines.append(
                    ([hex(compiled.rendered[render]), hex(compiled.initialOnes[render]), hex(compiled.cacheSurvives[render]),
                      compiled.isUndefined(Int32(render)) ? "1" : "0"] + ranges).joined(separator: " "))
            }
        }
        return "\(programs.count) \(renders)\n" + lines.joined(separator: "\n") + "\n"
    }

    /// Thrown for `itemLevelRetention`, whose per-render `itemHeld` the twin's transition lacks.
    package struct ItemLevelRetentionUnsupported: Error, CustomStringConvertible {
        package var description: String { "the SPIN twin does not implement itemLevelRetention" }
    }

    private static func hex(_ bits: IdentityBits) -> String { String(bits.high, radix: 16) + " " + String(bits.low, radix: 16) }
}
