/// The human report: one block per finding, then the counts.
public enum TextReport {
    public static func render(_ report: AnalysisReport) -> String {
        var out = ""
        for d in report.diagnostics { out += d.description + "\n" }
        for f in report.findings {
            out += "\(f.site): \(f.level.rawValue)[\(f.rule.rawValue) \(f.rule.name)]: \(f.message)\n"
            out += "  in \(f.view); rests on Lemmas/ \(f.rule.lemma) (rules \(f.rules))\n"
            out += "  counterexample: \(f.counterexample.change)\n"
            out += "    -> \(f.counterexample.effect)\n"
            out += "    render before: \(f.counterexample.before)\n"
            out += "    render after:  \(f.counterexample.after)\n"
            out += "  fix: \(f.rule.fix)\n"
        }
        let s = report.statistics
        for body in s.bodiesNotChecked { out += "not checked (beyond the model's limits): \(body)\n" }
        out += "\(report.findings.count) finding(s), \(report.suppressed.count) suppressed; "
        out += "\(s.files) file(s), \(s.lines) line(s), \(s.bodies) view bodies, \(s.bodiesFullyLowered) lowered with no opaque node\n"
        return out
    }
}
