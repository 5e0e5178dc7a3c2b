/// What one run found: the findings, the silenced ones, the input problems and the coverage figures.
public struct AnalysisReport: Sendable, Codable {
    public var rules: String
    public var findings: [Finding] = []
    public var suppressed: [Finding] = []
    public var diagnostics: [InputDiagnostic] = []
    public var statistics = Statistics()

    /// How much of the code the model saw.
    public struct Statistics: Sendable, Codable {
        public var files = 0
        public var lines = 0
        /// Types conforming to `View` with a `body`.
        public var bodies = 0
        /// Bodies lowered with no opaque node.
        public var bodiesFullyLowered = 0
        /// Opaque nodes by construct.
        public var opaqueConstructs: [String: Int] = [:]
        /// Bodies the model did not take (deeper or larger than `RenderParser` accepts), with why:
        /// nothing is claimed about them.
        public var bodiesNotChecked: [String] = []
    }
}
