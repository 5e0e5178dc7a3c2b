import IdentityModel
import XCTest

@testable import ModelChecker

/// A tuple's renders are every choice of one render per child, the first child's varying slowest
/// (the order the checker's render numbers and SPIN's twin follow).
final class RenderEnumerationTests: XCTestCase {
    func testTupleRendersAreTheProductOfItsChildrensInOrder() {
        let enumerator = ProgramEnumerator(bounds: Bounds(depth: 4))
        let counter = Program.stateful("Counter", label: nil)
        let programs: [Program] = [
            .tuple([]),
            .tuple([counter]),
            .tuple([.optional(counter), counter, .conditional(then: counter, else: .optional(counter), readsTwice: false)]),
            .container(.VStack, .tuple([.forEach(.identifiable, content: .optional(counter)), .optional(counter)])),
            .tuple([.optional(counter), .forEach(.constantRange, content: counter), .optional(.optional(counter))]),
        ]
        for program in programs {
            let tuple: [Program]
            switch program {
            case .tuple(let children), .container(_, .tuple(let children)): tuple = children
            default: return XCTFail("\(program)")
            }
            var product: [[Render]] = [[]]
            for child in tuple { product = product.flatMap { prefix in enumerator.renders(of: child).map { prefix + [$0] } } }
            var expected = product.map(Render.tuple)
            if case .container(let kind, _) = program { expected = expected.map { .container(kind, $0) } }
            XCTAssertEqual(enumerator.renders(of: program), expected, "\(program)")
            XCTAssertGreaterThan(expected.count, 0)
        }
    }
}
