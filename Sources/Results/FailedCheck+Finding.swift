extension FailedCheck {
    /// What a failed check found instead of what it asks, typed: tests and reports read the case and
    /// its `code`; `ReasonText.sentence(_:)` says it in words.
    package enum Finding: Sendable, Equatable {
        /// `check L removed|reset|survives|…`: the view's outcome was `found` (`present` for a view
        /// not removed, `absent` for one the render lacks), not `expected`.
        case outcome(label: String, found: String, expected: String)
        /// `check L == v`: the view held `found` (`nil`: nothing), not `expected`.
        case value(label: String, found: Int?, expected: Int)
        /// `check undefined`: the render is defined.
        case renderDefined
        /// `check L evaluated|skipped`: the current render has no view `L`.
        case viewAbsent(label: String, expected: String)
        /// `check L evaluated|skipped [because R]`: the body was `evaluated` or not, for `reason`,
        /// not as `expected`; `explanation` shows the event as code (both values, the property that differed).
        case evaluation(label: String, evaluated: Bool, reason: String, expected: String, explanation: String)

        /// The stable code (JSON `failedChecks[].code`).
        package var code: String {
            switch self {
            case .outcome: "outcome"
            case .value: "value"
            case .renderDefined: "render-defined"
            case .viewAbsent: "view-absent"
            case .evaluation: "evaluation"
            }
        }

        /// The view the check is about, if it names one.
        package var label: String? {
            switch self {
            case .outcome(let label, _, _), .value(let label, _, _), .viewAbsent(let label, _), .evaluation(let label, _, _, _, _): label
            case .renderDefined: nil
            }
        }
    }
}
