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

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
