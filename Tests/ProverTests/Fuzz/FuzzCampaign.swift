import Foundation

/// A fuzz run's settings, from the environment (`scripts/fuzz.sh` and `.ci/run` set them; the
/// defaults keep `swift test` short), and where its findings go.
struct FuzzCampaign {
    /// `FUZZ_SEED`: which inputs; the same seed gives the same inputs.
    let seed: UInt64
    /// `FUZZ_INPUTS`: how many generated inputs go through the front end in-process.
    let inputs: Int
    /// `FUZZ_BINARY_SAMPLE`: how many of them (spread evenly) also go through the binary.
    let binarySample: Int
    /// `FUZZ_CRASH_DIR`: where a crashing, hanging or misreported input is kept (none: not kept).
    let crashFolder: URL?
    /// `FUZZ_CURRENT`: a file holding the input being run, so that the script can keep the input
    /// that killed the process.
    let currentInput: URL?

    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// Kept crashes and hangs, replayed by every `swift test`.
    static let crashCorpus = sourceRoot.appendingPathComponent("Tests/ProverTests/CrashCorpus")
    /// The seed items: the shipped lemma set, one malformed file per diagnostic, the crash corpus.
    static let seedFolders = [
        sourceRoot.appendingPathComponent("Lemmas"),
        sourceRoot.appendingPathComponent("Tests/LemmaLanguageTests/Malformed"),
        crashCorpus,
    ]

    /// The settings in the environment, with `inputs` and `binarySample` as defaults.
    init(inputs: Int, binarySample: Int) {
        let environment = ProcessInfo.processInfo.environment
        seed = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
        self.inputs = environment["FUZZ_INPUTS"].flatMap { Int($0) } ?? inputs
        self.binarySample = min(self.inputs, environment["FUZZ_BINARY_SAMPLE"].flatMap { Int($0) } ?? binarySample)
        crashFolder = environment["FUZZ_CRASH_DIR"].map { URL(fileURLWithPath: $0) }
        currentInput = environment["FUZZ_CURRENT"].map { URL(fileURLWithPath: $0) }
    }

    /// The input numbers that also go through the binary.
    var binaryNumbers: Set<Int> {
        guard binarySample > 0 else { return [] }
        let stride = max(1, inputs / binarySample)
        return Set((0..<binarySample).map { $0 * stride })
    }

    /// Notes the input about to run, for the script to keep if the process dies on it.
    func announce(_ input: FuzzInput) {
        guard let currentInput else { return }
        try? FileManager.default.removeItem(at: currentInput.deletingLastPathComponent().appendingPathComponent(currentInput.lastPathComponent + ".files"))
        try? input.keep(at: currentInput)
    }

    /// Keeps an input that crashed, hung or misreported, named after what happened and where it
    /// came from (its other files in the folder `NAME.lemma.files`). Returns its path, if kept.
    @discardableResult
    func keep(_ input: FuzzInput, kind: String, number: Int) -> String? {
        guard let crashFolder else { return nil }
        let file = crashFolder.appendingPathComponent("\(kind)-seed\(seed)-input\(number).lemma")
        try? FileManager.default.createDirectory(at: crashFolder, withIntermediateDirectories: true)
        return (try? input.keep(at: file)).map { file.path }
    }
}
