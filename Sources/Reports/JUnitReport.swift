import Foundation
import Prover

/// JUnit XML for CI dashboards: one test case per lemma or scenario (grouped by file), per input
/// error, per reduction obligation and per mutant; `docs/junit.xsd` is its schema.
package enum JUnitReport {
    /// One `<testcase>`: passed, or with an `<error>` or `<failure>`.
    struct TestCase {
        var classname: String
        var name: String
        var seconds: Double
        var problem: Problem?
    }

    /// What went wrong in a test case: `element` is `error` (ill-formed input, an internal error) or
    /// `failure` (a verdict not as expected, an obligation not proved, a surviving mutant).
    struct Problem {
        var element: String
        var message: String
        var type: String
        var text: String
    }

    struct Suite {
        var name: String
        var cases: [TestCase]
        var seconds: Double

        func count(_ element: String) -> Int { cases.filter { $0.problem?.element == element }.count }
    }

    /// The report as JUnit XML: an ill-formed item, an input error or an internal error is an
    /// `<error>`, any other item not as expected a `<failure>` whose `type` is its verdict, a mutant
    /// not applicable `<skipped>`; the root and every suite count their tests, failures, errors and
    /// skips and their time.
    package static func xml(_ report: RunReport) -> String {
        let suites = self.suites(report)
        let cases = suites.flatMap(\.cases)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="verify-lemmas" tests="\#(cases.count)" failures="\#(suites.map { $0.count("failure") }.reduce(0, +))" errors="\#(suites.map { $0.count("error") }.reduce(0, +))" skipped="\#(suites.map { $0.count("skipped") }.reduce(0, +))" time="\#(seconds(report.seconds))">"#,
        ]
        for suite in suites {
            lines.append(
                #"  <testsuite name="\#(escape(suite.name))" tests="\#(suite.cases.count)" failures="\#(suite.count("failure"))" errors="\#(suite.count("error"))" skipped="\#(suite.count("skipped"))" time="\#(seconds(suite.seconds))">"#)
            for test in suite.cases {
                let open = #"    <testcase classname="\#(escape(test.classname))" name="\#(escape(test.name))" time="\#(seconds(test.seconds))""#
                guard let problem = test.problem else {
                    lines.append(open + "/>")
                    continue
                }
                lines.append(open + ">")
                // A skip has no type (docs/junit.xsd).
                let type = problem.element == "skipped" ? "" : #" type="\#(escape(problem.type))""#
                lines.append(
                    #"      <\#(problem.element) message="\#(escape(problem.message))"\#(type)>\#(escape(problem.text))</\#(problem.element)>"#)
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The suites: one per lemma file, then the input errors, the mutants and the obligations (each
    /// when there are any).
    static func suites(_ report: RunReport) -> [Suite] {
        var suites = Dictionary(grouping: report.lemmas, by: \.file).sorted(by: { $0.key < $1.key }).map { file, lemmas in
            Suite(name: file, cases: lemmas.map(testCase), seconds: lemmas.map(\.seconds).reduce(0, +))
        }
        let inputErrors = report.problems.filter { $0.severity == "error" }
        if !inputErrors.isEmpty {
            suites.append(Suite(name: "input", cases: inputErrors.map { problem in
                TestCase(
                    classname: "input", name: problem.place.isEmpty ? problem.id : "\(problem.id) at \(problem.place)", seconds: 0,
                    problem: Problem(element: "error", message: problem.message, type: problem.id, text: problem.description))
            }, seconds: 0))
        }
        if let mutants = report.mutants {
            suites.append(Suite(name: "mutants", cases: mutants.map { mutant in
                TestCase(
                    classname: "mutants", name: mutant.mutation.name, seconds: 0,
                    problem: mutant.killed ? nil : mutant.notApplicable ? Problem(
                        element: "skipped", message: "not applicable", type: "mutant",
                        text: "no item of this run touches the rule this mutant breaks, and no verdict changed under it") : Problem(
                        element: "failure", message: "survived", type: "mutant",
                        text: "no lemma or scenario comes out against its expectation under this mutant"))
            }, seconds: 0))
        }
        let obligations = report.reductions.flatMap { status in status.results.map { (status.rules.name, $0) } }
        if !obligations.isEmpty {
            suites.append(Suite(name: "reduction obligations", cases: obligations.map { rules, result in
                TestCase(
                    classname: "reduction.\(rules)", name: result.obligation.id, seconds: result.seconds,
                    problem: result.verdict.isProved ? nil : Problem(
                        element: "failure", message: String(result.verdict.description.prefix(200)), type: "obligation",
                        text: result.verdict.description))
            }, seconds: obligations.map(\.1.seconds).reduce(0, +)))
        }
        return suites
    }

    /// A lemma's or scenario's test case.
    private static func testCase(_ lemma: LemmaReport) -> TestCase {
        var test = TestCase(classname: lemma.file, name: lemma.name, seconds: lemma.seconds)
        if !lemma.asExpected {
            test.problem = Problem(
                element: lemma.verdict == .error ? "error" : "failure",
                message: "\(lemma.verdict.rawValue)\(lemma.outcome.reasonCode.map { " (\($0))" } ?? ""), \(lemma.expectationClause)",
                type: lemma.verdict.rawValue,
                text: HumanReport.detail(lemma, verbose: true).joined(separator: "\n"))
        }
        return test
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Text as XML 1.0 character data or attribute value: markup characters escaped, and the
    /// characters XML cannot hold at all (control characters other than tab, newline and carriage
    /// return, lone surrogates' replacements, U+FFFE and U+FFFF) written as `\u{XX}`.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
