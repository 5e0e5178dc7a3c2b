import Foundation

/// JUnit XML for CI dashboards: one test case per lemma or scenario, a failure when it did not come
/// out as expected.
public enum JUnitReport {
    /// The report as JUnit XML.
    public static func xml(_ report: RunReport) -> String {
        let failures = report.lemmas.filter { !$0.asExpected }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="verify-lemmas" tests="\#(report.lemmas.count)" failures="\#(failures)" time="\#(seconds(report.seconds))">"#,
        ]
        for (file, lemmas) in Dictionary(grouping: report.lemmas, by: \.file).sorted(by: { $0.key < $1.key }) {
            let fileFailures = lemmas.filter { !$0.asExpected }.count
            lines.append(#"  <testsuite name="\#(escape(file))" tests="\#(lemmas.count)" failures="\#(fileFailures)">"#)
            for lemma in lemmas {
                let open = #"    <testcase classname="\#(escape(file))" name="\#(escape(lemma.name))" time="\#(seconds(lemma.seconds))""#
                if lemma.asExpected {
                    lines.append(open + "/>")
                } else {
                    lines.append(open + ">")
                    let text = HumanReport.detail(lemma, verbose: true).joined(separator: "\n")
                    lines.append(#"      <failure message="\#(escape("\(lemma.verdict.rawValue), expected \(lemma.expected.rawValue)"))">\#(escape(text))</failure>"#)
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
