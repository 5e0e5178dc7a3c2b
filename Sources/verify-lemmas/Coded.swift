/// A `CodedMessage` whose code is a case of `Family`, an enum of one family's codes (`UsageError`,
/// `RunEnd`, `TocFailure`).
struct Coded<Family: RawRepresentable & Equatable & Sendable>: CodedMessage, Equatable where Family.RawValue == String {
    typealias Code = Family

    var code: Code
    var detail: String
    var codeText: String { code.rawValue }

    init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }
}
