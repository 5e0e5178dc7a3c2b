import Foundation
import XCTest

/// The test tiers: a default `swift test` runs the fast tier; the sweeps and end-to-end runs over
/// the whole lemma set run only with `VERIFY_SLOW_TESTS=1` (`.ci/run` runs both; README.md, "Tests in tiers").
public enum SlowTier {
    /// Whether this run includes the slow tier.
    public static var isEnabled: Bool { isEnabled(in: ProcessInfo.processInfo.environment) }

    /// Whether `environment` asks for the slow tier: `VERIFY_SLOW_TESTS=1` exactly.
    public static func isEnabled(in environment: [String: String]) -> Bool { environment["VERIFY_SLOW_TESTS"] == "1" }

    /// Skips the calling test unless the slow tier is on.
    public static func require() throws {
        guard isEnabled else { throw XCTSkip("slow tier: set VERIFY_SLOW_TESTS=1") }
    }
}
