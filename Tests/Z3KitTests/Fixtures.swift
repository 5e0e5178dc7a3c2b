import XCTest
import Z3Kit

/// `IntList = nil | cons(head: Int, tail: IntList)` and `len: IntList → Int` defined recursively.
struct IntListFixture {
    let context: Z3Context
    let list: Z3Datatype
    let nilList: Z3DatatypeConstructor
    let cons: Z3DatatypeConstructor
    let len: Z3FunctionDecl

    init(_ context: Z3Context) throws {
        self.context = context
        list = try context.declareDatatypes([
            Z3DatatypeDeclaration("IntList", constructors: [
                .init("nil"),
                .init("cons", fields: [.init("head", context.intSort), .init("tail", datatype: "IntList")]),
            ]),
        ])[0]
        nilList = list.constructor("nil")
        cons = list.constructor("cons")
        len = context.recursiveFunction("len", domain: [list.sort], range: context.intSort)
        let l = context.const("l", list.sort)
        len.define(
            parameters: [l],
            body: context.ite(nilList.test(l), then: context.int(0), else: len(cons.field("tail", of: l)) + 1)
        )
    }

    /// The list term `[values...]`.
    func literal(_ values: [Int]) throws -> Z3Term {
        values.reversed().reduce(nilList()) { tail, head in cons(context.int(head), tail) }
    }

    /// The decoded value of `[values...]`.
    static func value(_ values: [Int]) -> Z3Value {
        values.reversed().reduce(Z3Value.datatype(constructor: "nil", fields: [])) { tail, head in
            .datatype(constructor: "cons", fields: [.int(head), tail])
        }
    }
}

/// A check that answered differently than the test expected.
struct UnexpectedResult: Error, CustomStringConvertible {
    let expected: String
    /// What the check answered, as text: a result holds Z3 handles, which do not cross threads.
    let result: String

    init(expected: String, result: Z3CheckResult) {
        self.expected = expected
        self.result = "\(result)"
    }

    var description: String { "expected \(expected), got \(result)" }
}

/// The model of a `.sat` result; throws otherwise.
func expectSat(_ result: Z3CheckResult) throws -> Z3Model {
    guard case .sat(let model) = result else { throw UnexpectedResult(expected: "sat", result: result) }
    return model
}

/// The core of an `.unsat` result; throws otherwise.
func expectUnsat(_ result: Z3CheckResult) throws -> [Z3Term] {
    guard case .unsat(let core) = result else { throw UnexpectedResult(expected: "unsat", result: result) }
    return core
}

/// The reason of an `.unknown` result; throws otherwise.
func expectUnknown(_ result: Z3CheckResult) throws -> String {
    guard case .unknown(let reason) = result else { throw UnexpectedResult(expected: "unknown", result: result) }
    return reason
}
