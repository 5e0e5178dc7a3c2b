/// Why `merge` refuses its reports (exit 2), with a stable code (README.md, "Exit status"); printed
/// as `verify-lemmas merge: DETAIL [M0xx]`.
struct MergeRefusal: CodedMessage, Equatable {
    /// The refusals `merge` itself finds; a coverage's (`RunCoverage.Refusal`, M013–M016, M018) and two
    /// explorations' (`ExploreReport.Mismatch`, M005–M008, M015) carry their own codes.
    enum Code: String, CaseIterable, Sendable {
        /// A file that cannot be read or is not a JSON object.
        case notJSON = "M001"
        /// Lemma runs' and explorations' reports together, or neither.
        case mixedKinds = "M002"
        /// An explore report that does not decode.
        case notAnExploreReport = "M003"
        /// An explore report of another schema version than this tool reads.
        case unsupportedSchema = "M004"
        /// Explore reports whose shards are not 1/n to n/n.
        case shardsIncomplete = "M016"
        /// A lemma run's `exitCode` is not 0, 1 or 2.
        case badExitCode = "M009"
        /// Lemma runs with another `schemaVersion`, `z3Version` or `ruleSet`.
        case reportFieldDiffers = "M010"
        /// A lemma run's report without `coverage`.
        case noCoverage = "M011"
        /// A lemma run's `coverage` that does not decode.
        case unreadableCoverage = "M012"
        /// One item in two reports with different verdicts.
        case verdictsDiffer = "M017"
    }

    /// The code, one of `Code`'s or a coverage's or exploration's.
    var code: String
    var detail: String
    var codeText: String { code }

    init(_ code: Code, _ detail: String) {
        self.code = code.rawValue
        self.detail = detail
    }

    init(code: String, detail: String) {
        self.code = code
        self.detail = detail
    }
}
