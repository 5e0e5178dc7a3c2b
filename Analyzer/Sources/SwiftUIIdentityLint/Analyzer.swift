import IdentityModel
import SwiftParser
import SwiftSyntax

/// The analyzer: Swift sources in, findings backed by the model out.
public struct Analyzer {
    public let rules: RuleSet

    public init(rules: RuleSet) { self.rules = rules }

    /// Analyses the files (path → text) as one program: a custom view of one file is known in all.
    public func analyze(_ files: [(path: String, text: String)], progress: ((Int, Int) -> Void)? = nil) -> AnalysisReport {
        var report = AnalysisReport(rules: rules.name)
        var parsed: [(path: String, text: String, tree: SourceFileSyntax, converter: SourceLocationConverter, views: [ViewDeclaration])] = []
        var observableTypes: Set<String> = []
        var plainCases: Set<String> = [], payloadCases: Set<String> = []
        var classConstants: [String: Set<String>] = [:]
        var plainTypes = BodyLowering.plainValueTypes
        var primaryKeyedObjects: Set<String> = []
        for (path, text) in files {
            let tree = Parser.parse(source: text)
            let converter = SourceLocationConverter(fileName: path, tree: tree)
            if tree.hasError, let error = Self.firstError(tree) {
                let location = error.startLocation(converter: converter)
                report.diagnostics.append(.init(
                    id: .syntax, site: .init(file: path, line: location.line, column: location.column),
                    message: "Swift syntax error; this file is analysed as far as it parses"))
            }
            let collector = DeclarationCollector(file: path, converter: converter)
            collector.walk(tree)
            observableTypes.formUnion(collector.observableTypes)
            plainCases.formUnion(collector.plainCases)
            payloadCases.formUnion(collector.payloadCases)
            plainTypes.formUnion(collector.enumTypes)
            classConstants.merge(collector.classConstants) { $0.union($1) }
            primaryKeyedObjects.formUnion(collector.primaryKeyedObjects)
            parsed.append((path, text, tree, converter, collector.declarations))
            report.statistics.files += 1
            report.statistics.lines += text.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        let all = parsed.flatMap(\.views)
        let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let stateful = Self.statefulTypes(all)
        let probe = ModelProbe(rules: rules)
        let variation = Variation(all, observableTypes: observableTypes, classConstants: classConstants)
        let plainEnumCases = plainCases.subtracting(payloadCases)
        for (index, file) in parsed.enumerated() {
            progress?(index + 1, parsed.count)
            let suppressions = Suppressions(file: file.path, text: file.text)
            report.diagnostics += suppressions.diagnostics
            for declaration in file.views {
                var findings: [Finding] = []
                var lowering = BodyLowering(
                    declaration: declaration, statefulTypes: stateful, converter: file.converter, file: file.path,
                    plainEnumCases: plainEnumCases, plainTypes: plainTypes, primaryKeyedObjects: primaryKeyedObjects)
                let analysis: ViewAnalysis?
                if let shape = lowering.lowerBody() {
                    report.statistics.bodies += 1
                    let opaque = shape.opaqueNodes
                    if opaque.isEmpty { report.statistics.bodiesFullyLowered += 1 }
                    for node in opaque { report.statistics.opaqueConstructs[node.construct, default: 0] += 1 }
                    analysis = ViewAnalysis(declaration: declaration, shape: shape, probe: probe, declarations: byName, variation: variation)
                } else {
                    analysis = ViewAnalysis(declaration: declaration, shape: .block([]), probe: probe, declarations: byName, variation: variation)
                }
                do {
                    // A preview's updates never happen in the app: its body is counted, not checked.
                    guard !declaration.isPreviewOnly else { continue }
                    findings += try analysis?.findings() ?? []
                    findings += try analysis?.seededStates() ?? []
                } catch {
                    // Beyond what the model takes (nesting, size): no finding is claimed for this body.
                    report.statistics.bodiesNotChecked.append("\(declaration.site): \(declaration.name): \(error)")
                }
                // A helper inlined at two places gives the same finding twice: reported once.
                var seen: Set<String> = []
                findings = findings.filter { seen.insert("\($0.rule.rawValue)@\($0.site)").inserted }
                for finding in findings {
                    if suppressions.silences(finding.rule, line: finding.site.line) {
                        report.suppressed.append(finding)
                    } else {
                        report.findings.append(finding)
                    }
                }
            }
        }
        report.findings.sort { ($0.site, $0.rule.rawValue) < ($1.site, $1.rule.rawValue) }
        return report
    }

    /// The first node the parser marked as an error.
    private static func firstError(_ tree: SourceFileSyntax) -> Syntax? {
        var stack: [Syntax] = [Syntax(tree)]
        while let node = stack.popLast() {
            if node.is(UnexpectedNodesSyntax.self) || node.kind == .missingExpr || node.kind == .missingDecl || (node.as(TokenSyntax.self)?.presence == .missing) {
                return node
            }
            stack += node.children(viewMode: .all).reversed()
        }
        return nil
    }

    /// Which custom views hold state, themselves or through a custom view their body or helpers
    /// name (to a fixpoint).
    static func statefulTypes(_ declarations: [ViewDeclaration]) -> [String: Bool] {
        var result = Dictionary(declarations.map { ($0.name, !$0.stateProperties.isEmpty) }, uniquingKeysWith: { a, b in a || b })
        let mentions = Dictionary(declarations.map { declaration in
            let helpers = [declaration.body].compactMap { $0 } + Array(declaration.helpers.values)
            let names = Set(helpers.flatMap { $0.statements.tokens(viewMode: .sourceAccurate).map(\.text) })
            return (declaration.name, names)
        }, uniquingKeysWith: { a, b in a.union(b) })
        var changed = true
        while changed {
            changed = false
            for (name, names) in mentions where result[name] == false {
                if names.contains(where: { $0 != name && result[$0] == true }) {
                    result[name] = true
                    changed = true
                }
            }
        }
        return result
    }
}
