import IdentityModel
import XCTest

@testable import Encoding

/// Red team of the incremental sessions (`SolverSession.Kind.incremental`): the reduction
/// obligations checked as `ObligationRunner` checks them, each in a scope of one session, get from
/// Z3's incremental core alone the answer and resource count they get from Z3's default solver
/// (Proofs/ records both), and the same exported script.
final class IncrementalSessionTests: XCTestCase {
    /// Each obligation's answer and resource count, and its script, in one session of `kind`.
    private func discharge(_ obligations: [Obligation], _ kind: SolverSession.Kind) throws -> [String] {
        let session = try SolverSession(kind: kind)
        return try obligations.map { obligation in
            let (premises, goal) = try ObligationQuery.query(for: obligation, in: session.context)
            return try session.withScope {
                session.assert(premises)
                session.assert(goal.not())
                let script = try session.script()
                let answer: String
                switch try session.check() {
                case .unsat: answer = "unsat"
                case .sat: answer = "sat"
                case .unknown(let stop): answer = "unknown \(stop)"
                }
                return "\(obligation.id): \(answer), \(session.lastResourceCount ?? -1) units, script \(script.hashValue)"
            }
        }
    }

    func testScopedObligationsAnswerTheSameOnEitherKind() throws {
        // A mutant's failing obligations among runtime's proved ones: both answers are compared.
        let obligations = Array(ReductionObligations(rules: .runtime))
            + ReductionObligations(rules: RuleSet.runtime.mutated(.optionalShiftsSiblings))
        let standard = try discharge(obligations, .standard)
        XCTAssertEqual(try discharge(obligations, .incremental), standard)
        XCTAssertGreaterThan(standard.filter { $0.contains(": unsat,") }.count, 10, "\(standard)")
        XCTAssertGreaterThan(standard.filter { $0.contains(": sat,") }.count, 0, "\(standard)")
    }
}
