/// One way the recorded observations and the model's verdicts on the mirrored scenarios part,
/// found by `OracleAgreement`.
enum OracleMismatch: Equatable {
    /// A case names a build the file does not list, or a build lacks a commit, its engine or its date.
    case malformedBuild(build: String)
    /// A case with neither renders nor a reason for having none, or with both.
    case malformedCase(case: String)
    /// Two cases share an id.
    case duplicateCase(case: String)
    /// The mirrored file does not load or has no invalidation scenario of that name.
    case scenarioMissing(case: String)
    /// The model gave no verdict on the scenario (an error or unknown, with its code).
    case modelGaveNoVerdict(case: String, code: String)
    /// The observation's steps are not the scenario's actions as written (`render`, `set`, `send`, …):
    /// it ran another program than the one its verdicts are compared with.
    case stepsDiffer(case: String)
    /// The observation has another number of renders than the scenario.
    case renderCountDiffers(case: String, model: Int, observed: Int)
    /// A view of the scenario's render that the observation does not list.
    case viewNotObserved(case: String, render: Int, view: String)
    /// An observed view the scenario's render does not have.
    case viewNotInModel(case: String, render: Int, view: String)
    /// The model evaluates a body the observation skipped, or the reverse.
    case bodyDisagrees(case: String, render: Int, view: String, model: Bool, observed: Bool)
    /// The body read another `@State` value than the model gives it.
    case stateDisagrees(case: String, render: Int, view: String, model: Int?, observed: Int)
    /// A listed disagreement that no longer happens, or names no observed case.
    case staleDisagreement(case: String, render: Int, view: String)
    /// A listed disagreement whose decision is not written beside its rule (the doc does not name the case).
    case undocumentedDisagreement(case: String, decidedIn: String)
}
