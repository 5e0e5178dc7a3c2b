import Foundation

/// `docs/oracle/observations.json`: what OpenSwiftUI did when executed on the project's scenarios,
/// per render, which bodies ran and which `@State` values they saw (docs/oracle/README.md).
struct OracleObservations: Codable, Equatable {
    /// The file format's version.
    var format: Int
    /// Every build of OpenSwiftUI the cases were observed on.
    var builds: [OracleBuild]
    /// The cases, observed or not.
    var cases: [OracleCase]
    /// Every body on which the model and an observation differ, with its decision.
    var disagreements: [OracleDisagreement]

    /// The file as committed.
    static func load(_ url: URL) throws -> OracleObservations {
        try JSONDecoder().decode(OracleObservations.self, from: Data(contentsOf: url))
    }
}

/// One build of OpenSwiftUI: the commit of every repository it was built from, the graph engine and
/// the day the cases naming it were run.
struct OracleBuild: Codable, Equatable {
    var id: String
    /// The graph engine (OpenAttributeGraph's shim): `Compute`.
    var engine: String
    /// The day the cases were run, `YYYY-MM-DD`.
    var date: String
    var swift: String
    /// `OpenSwiftUIProject/NAME` → the commit built.
    var repositories: [String: String]
}

/// One case: a root view driven through steps, mirroring a project scenario or described.
struct OracleCase: Codable, Equatable {
    var id: String
    /// The build it ran on (`OracleBuild.id`).
    var build: String
    /// The scenario it mirrors, whose model verdicts the agreement test compares with `renders`.
    var mirrors: OracleScenarioReference?
    /// What it shows, for a case that mirrors no scenario.
    var description: String?
    /// The steps, as the scenario writes them (`render`, `set L = V`).
    var steps: [String]
    /// Per render, the bodies that ran or were skipped; empty when there is no verdict.
    var renders: [OracleRender]
    /// Why the run gave no verdict (a crash, a construct OpenSwiftUI lacks); `nil` when it gave one.
    var noVerdict: String?
}

/// A scenario of the lemma set: its file from the repository's root and its name.
struct OracleScenarioReference: Codable, Equatable {
    var file: String
    var item: String
}

/// One render: every labelled custom view of the scenario's render with what its body did.
struct OracleRender: Codable, Equatable {
    var bodies: [OracleBody]
}

/// A body in one render: whether it ran and, for a view with `@State`, the value it read.
struct OracleBody: Codable, Equatable {
    /// The view's label in the scenario.
    var view: String
    var ran: Bool
    var state: Int?
}

/// A decided difference between the model and an observation, listed beside its rule.
struct OracleDisagreement: Codable, Equatable {
    var `case`: String
    /// The render, from 1.
    var render: Int
    var view: String
    var decision: OracleDecision
    var reason: String
    /// `docs/rules.md` or `docs/invalidation.md`, which names the case beside the rule.
    var decidedIn: String
}

/// Who is wrong when the model and OpenSwiftUI differ.
enum OracleDecision: String, Codable, Equatable {
    /// The model is wrong: its rule is to be fixed (reported to whoever changes the rules).
    case modelWrong
    /// OpenSwiftUI lacks what Apple's SwiftUI does.
    case openSwiftUIIncomplete
    /// OpenSwiftUI does otherwise than Apple's SwiftUI.
    case openSwiftUIUnlikeApple
}
