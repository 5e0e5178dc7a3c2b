import Foundation

/// JUnit XML for CI dashboards: one test case per lemma or scenario, a failure when it did not come
/// out as expected.
public enum JUnitReport {
    /// The report as JUnit XML: an ill-formed item or an internal error is an `<error>`, any other
    /// item not as expected a `<failure>` whose `type` is its verdict; every suite counts its tests,
    /// failures, errors and skips (none) and its time.
    public static func xml(_ report: RunReport) -> String {
        func isError(_ lemma: LemmaReport) -> Bool { lemma.verdict == .error }
        func isFailure(_ lemma: LemmaReport) -> Bool { !lemma.asExpected && !isError(lemma) }
        let items = report.lemmas
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="verify-lemmas" tests="\#(items.count)" failures="\#(items.filter(isFailure).count)" errors="\#(items.filter(isError).count)" skipped="0" time="\#(seconds(report.seconds))">"#,
        ]
        for (file, lemmas) in Dictionary(grouping: items, by: \.file).sorted(by: { $0.key < $1.key }) {
            let time = seconds(lemmas.map(\.seconds).reduce(0, +))
            lines.append(
                #"  <testsuite name="\#(escape(file))" tests="\#(lemmas.count)" failures="\#(lemmas.filter(isFailure).count)" errors="\#(lemmas.filter(isError).count)" skipped="0" time="\#(time)">"#)
            for lemma in lemmas {
                let open = #"    <testcase classname="\#(escape(file))" name="\#(escape(lemma.name))" time="\#(seconds(lemma.seconds))""#
                if lemma.asExpected {
                    lines.append(open + "/>")
                    continue
                }
                lines.append(open + ">")
                let text = HumanReport.detail(lemma, verbose: true).joined(separator: "\n")
                let element = isError(lemma) ? "error" : "failure"
                let message = "\(lemma.verdict.rawValue), expected \(lemma.expected == .holds ? (lemma.requiresUnbounded ? "proved unbounded" : "proved") : "refuted")"
                lines.append(
                    #"      <\#(element) message="\#(escape(message))" type="\#(lemma.verdict.rawValue)">\#(escape(text))</\#(element)>"#)
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        if let mutants = report.mutants {
            let survivors = mutants.filter { !$0.killed }
            lines.append(#"  <testsuite name="mutants" tests="\#(mutants.count)" failures="\#(survivors.count)" errors="0" skipped="0" time="0.000">"#)
            for mutant in mutants {
                let open = #"    <testcase classname="mutants" name="\#(escape(mutant.mutation.name))" time="0.000""#
                if mutant.killed {
                    lines.append(open + "/>")
                } else {
                    lines.append(open + ">")
                    lines.append(#"      <failure message="survived" type="mutant">no lemma or scenario comes out against its expectation under this mutant</failure>"#)
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        if !report.reductions.isEmpty {
            let obligations = report.reductions.flatMap { status in status.results.map { (status.rules.name, $0) } }
            let unproved = obligations.filter { !$0.1.verdict.isProved }
            lines.append(
                #"  <testsuite name="reduction obligations" tests="\#(obligations.count)" failures="\#(unproved.count)" errors="0" skipped="0" time="\#(seconds(obligations.map(\.1.seconds).reduce(0, +)))">"#)
            for (rules, result) in obligations {
                let open = #"    <testcase classname="reduction.\#(escape(rules))" name="\#(escape(result.obligation.id))" time="\#(seconds(result.seconds))""#
                if result.verdict.isProved {
                    lines.append(open + "/>")
                } else {
                    lines.append(open + ">")
                    lines.append(#"      <failure message="\#(escape("\(result.verdict)".prefix(200).description))" type="obligation">\#(escape(result.verdict.description))</failure>"#)
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
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
