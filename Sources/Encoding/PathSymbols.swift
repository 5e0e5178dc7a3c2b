import Z3Kit

/// The Z3 symbols of one path variable: a sequence of steps of unbounded length, encoded as a
/// length and a function from index to step, and the identity as a function from index to element.
///
/// Functions with a length rather than Z3's `Seq` sort: Z3 4.8.12 timed out on sequence
/// extensionality under quantifiers where this encoding answers in milliseconds (Proofs/README.md).
public struct PathSymbols {
    public let name: String
    public let length: Z3Term
    public let step: Z3FunctionDecl
    public let identity: Z3FunctionDecl
    public let leafType: Z3Term
    public let initial: Z3Term
    public let state: Z3Term
    /// Number of address entries before each index (for `sameAddress`).
    public let addressCount: Z3FunctionDecl
    /// The address entries.
    public let address: Z3FunctionDecl

    init(name: String, vocabulary: IdentityVocabulary) throws {
        let ctx = vocabulary.context
        self.name = name
        length = try ctx.const("\(name).length", ctx.intSort)
        step = try ctx.function("\(name).step", domain: [ctx.intSort], range: vocabulary.step.sort)
        identity = try ctx.function("\(name).identity", domain: [ctx.intSort], range: vocabulary.element.sort)
        leafType = try ctx.const("\(name).leafType", ctx.intSort)
        initial = try ctx.const("\(name).initial", ctx.intSort)
        state = try ctx.const("\(name).state", ctx.intSort)
        addressCount = try ctx.function("\(name).addressCount", domain: [ctx.intSort], range: ctx.intSort)
        address = try ctx.function("\(name).address", domain: [ctx.intSort], range: ctx.intSort)
    }
}
