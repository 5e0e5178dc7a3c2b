import Z3Kit

/// The Z3 symbols of one path variable: a sequence of steps of unbounded length, encoded as a
/// length and a function from index to step, and the identity as a function from index to element.
///
/// Functions with a length rather than Z3's `Seq` sort: the two are equisatisfiable for these
/// queries (Proofs/README.md, Theorem 2b), this one is portable to cvc5, and Z3 4.8.12 decides it
/// in milliseconds where its sequence solver times out or returns models that do not replay.
struct PathSymbols {
    let name: String
    /// The number of steps.
    let length: Z3Term
    let leafType: Z3Term
    let initial: Z3Term
    let state: Z3Term
    /// Number of address entries before each index (for `sameAddress`).
    let addressCount: Z3FunctionDecl
    /// The address entries.
    let address: Z3FunctionDecl
    /// The static type of the view at each depth (`ContentTypes`): at `length`, the leaf's type.
    private let viewTypeFunction: Z3FunctionDecl
    private let stepFunction: Z3FunctionDecl
    private let elementFunction: Z3FunctionDecl

    init(name: String, vocabulary: IdentityVocabulary) {
        let ctx = vocabulary.context
        self.name = name
        length = ctx.const("\(name).length", ctx.intSort)
        stepFunction = ctx.function("\(name).step", domain: [ctx.intSort], range: vocabulary.step.sort)
        elementFunction = ctx.function("\(name).identity", domain: [ctx.intSort], range: vocabulary.elementType.sort)
        viewTypeFunction = ctx.function("\(name).viewType", domain: [ctx.intSort], range: ctx.intSort)
        leafType = ctx.const("\(name).leafType", ctx.intSort)
        initial = ctx.const("\(name).initial", ctx.intSort)
        state = ctx.const("\(name).state", ctx.intSort)
        addressCount = ctx.function("\(name).addressCount", domain: [ctx.intSort], range: ctx.intSort)
        address = ctx.function("\(name).address", domain: [ctx.intSort], range: ctx.intSort)
    }

    /// The step at `index` (meaningful for `0 ≤ index < length`).
    func step(at index: Z3Term) -> Z3Term { stepFunction.apply([index]) }

    /// The static type of the view the path is in after `index` steps (`0 ≤ index ≤ length`).
    func viewType(at index: Z3Term) -> Z3Term { viewTypeFunction.apply([index]) }

    /// The identity's element at `index` (`0 ≤ index ≤ length`; the last is the leaf's type).
    func element(at index: Z3Term) -> Z3Term { elementFunction.apply([index]) }
}
