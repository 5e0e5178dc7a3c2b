import Encoding
import LemmaLanguage
import ModelChecker

/// The sentences of unknown and error reasons, one function per reason: only the report writers
/// (and the message a verdict carries to them) say a reason in words.
package enum ReasonText {
    /// An unknown reason as a sentence.
    package static func sentence(_ reason: UnknownReason) -> String {
        switch reason {
        case .solver(let stop):
            return "z3: \(stop)"
        case .solverOnShortPathsToo(let full, let steps, let short):
            return "z3: \(full); with paths of at most \(steps) steps: \(short)"
        case .undecodable(let why):
            return "Z3 found a counterexample that cannot be decoded and replayed (\(why))"
        case .noReplay(let tried, let last):
            return "no counterexample Z3 found fits a tree (\(tried) tried; last: \(last ?? "none"))"
        case .revivedOnly(let views):
            return "Z3's counterexamples need a view a lazy container revives (\(views.map(\.description).joined(separator: " or "))), "
                + "which docs/invalidation.md leaves free and no tree of the replay shows; none without one"
        case .noUnboundedProof(.paths, let shortfall):
            return "z3: unsat at the path level (all lengths), but no unbounded proof: \(sentence(shortfall))"
        case .noUnboundedProof(.views, let shortfall):
            return "z3: unsat over views (any number of properties), but no unbounded proof: \(sentence(shortfall))"
        case .noUnboundedProof(.shortPaths(let steps, let full), let shortfall):
            return "\(shortPathProof(steps: steps, full: full)), but \(sentence(shortfall))"
        case .solverInapplicable(let why):
            return why
        case .checkerInapplicable(let solver, let why):
            return "\(sentence(solver)); checker: \(why)"
        case .checkerExhausted(let solver, let stop):
            return "\(sentence(solver)); checker: \(sentence(stop))"
        case .noWitness(let thing, let solver):
            return "proved only if some \(thing) satisfies the assumptions, and none was found (\(solver.map(brief) ?? "z3 not asked"))"
        case .groundUnanswered(let location, let render, let stop):
            return "\(location): Z3's ground encoding of I1–I11 gave no answer for render \(render): \(stop)"
        case .usedLemmaNotProved(let name, nil):
            return "proved only with lemma '\(name)' as an assumption ('use'), which this run did not judge (--filter or --shard left it out)"
        case .usedLemmaNotProved(let name, let verdict?):
            return "proved only with lemma '\(name)' as an assumption ('use'), which this run found \(verdict.rawValue), not proved"
        }
    }

    /// What a scenario's failed check found, as a sentence: its first line says what and what was
    /// expected; an evaluation's next lines show the event as code.
    package static func sentence(_ finding: FailedCheck.Finding) -> String {
        switch finding {
        case .outcome(let label, let found, let expected):
            return "\(label) \(found), expected \(expected)"
        case .value(let label, let found, let expected):
            return "\(label) holds \(found.map(String.init) ?? "nothing"), expected \(expected)"
        case .renderDefined:
            return "the render is defined, expected undefined behaviour"
        case .viewAbsent(let label, let expected):
            return "\(label) is not in the current render, expected \(expected)"
        case .evaluation(let label, let evaluated, let reason, let expected, let explanation):
            return "\(label) \(evaluated ? "evaluated" : "skipped") (\(reason)), expected \(expected)\n" + explanation
        }
    }

    /// Why a checker walk stopped, as a sentence: what it examined, and that the rest was not.
    package static func sentence(_ stop: CheckerStop) -> String {
        switch stop {
        case .caseLimit(let limit):
            return "stopped by its budget of \(limit) cases (--checker-cases) with more left; no counterexample among those it examined, "
                + "the rest not examined"
        case .timeLimit(let seconds, let examined):
            return "stopped by its wall-clock backstop of \(seconds) s after \(examined) cases with more left; no counterexample among them, "
                + "the rest not examined"
        }
    }

    /// Why `--example` found no witness, as a sentence.
    package static func sentence(_ reason: NoWitnessReason) -> String {
        let doesNotCarry = "z3 proves at the path level that no paths satisfy the assumptions together, but that does not carry to trees"
        switch reason {
        case .vacuous: return "z3 proves that no paths satisfy the assumptions together: the lemma is vacuous"
        case .outsideFragment(let why): return "\(doesNotCarry) (\(why)), and no trees were found: not shown vacuous"
        case .obligationsFallShort(let shortfall): return "\(doesNotCarry) (\(sentence(shortfall))), and no trees were found: not shown vacuous"
        case .writtenAssumptionFails(let why): return "the trees found satisfy the lowered assumptions, but \(why)"
        case .notFound(let answer):
            return "neither z3 (\(answer.map(brief) ?? "not asked")) nor the explicit-state checker found trees that satisfy them"
        }
    }

    /// What a scenario's ground route did, as a sentence.
    package static func sentence(_ check: GroundCheck, rules: String) -> String {
        switch check {
        case .agreed(0, let compared):
            return "Z3's ground encoding had no \(compared == .identities ? "identities" : "body verdicts") to compare"
        case .agreed(let count, .identities): return "Z3's ground encoding agreed on \(count) identities"
        case .agreed(let count, .bodyVerdicts): return "Z3's ground encoding agreed on \(count) body verdicts"
        case .notLocal: return "Z3's ground encoding does not apply: the rules \(rules) are not local"
        }
    }

    /// An error reason as a sentence.
    package static func sentence(_ reason: ErrorReason) -> String {
        switch reason {
        case .illFormed: return "ill-formed input"
        case .routesDisagree: return "the routes disagree"
        case .replayContradicts(let why): return "internal error: Z3's counterexample did not replay on trees: \(why)"
        case .solverFailure(let error): return "internal error: \(error)"
        case .undefinedBehaviour(let location, let what): return "\(location): undefined behaviour: \(what)"
        case .unknownLabel(let location, let label): return "\(location): error: no view labelled \(label) in the current render"
        case .unrealizableRender(let location, let render, let why):
            return "\(location): render \(render) is not a render pair any tree gives: \(why)"
        case .revivedState(let location, let render, let label):
            return "\(location): in render \(render) \(label) comes back below a lazy container that may have retained it (R7), "
                + "and invalidation scenarios do not know whether its body runs there or carry a retained view's @State, read flag, "
                + "@StateObject or @Observable tracking: no verdict"
        case .sharedStateObject(let location, let render, let holders, let object):
            return "\(location): in render \(render) \(holders.joined(separator: " and ")) both hold model(\(object)) as a @StateObject "
                + "(each the object its identity made, in this render or an earlier one, I12): each @StateObject makes "
                + "an instance of its own, so the scenario names two objects as one: no verdict"
        case .changedEnvironmentObject(let location, let render, let label, let type, let before, let after):
            return "\(location): in render \(render) \(label)'s @EnvironmentObject of type \(type) finds model(\(after)), "
                + "where it found model(\(before)) before, and its identity survived: whether its body runs then is not modelled "
                + "(the wrapper's object is not part of the value its parent builds, I11): no verdict"
        case .groundDisagrees(let account), .internalError(let account): return account
        }
    }

    /// What an unbounded proof lacked, as a clause.
    static func sentence(_ shortfall: UnknownReason.ProofShortfall) -> String {
        switch shortfall {
        case .outsideFragment(let why): return why
        case .obligations(let obligations): return sentence(obligations)
        }
    }

    /// What the obligations lacked, as a clause.
    package static func sentence(_ shortfall: ObligationShortfall) -> String {
        switch shortfall {
        case .notRun(let kind): return "the \(noun(kind)) obligations were not run"
        case .couldNotRun(let kind, let error): return "the \(noun(kind)) obligations could not be run (\(error))"
        case .noneRun(let kind): return "no \(noun(kind)) obligation was run"
        case .unproved(let kind, let rules, let failed, let vacuous, let unknown):
            var parts: [String] = []
            if !failed.isEmpty { parts.append("the \(noun(kind)) does not hold under \(rules): \(failed.joined(separator: ", ")) failed") }
            if !vacuous.isEmpty {
                parts.append("the premises of \(vacuous.joined(separator: ", ")) under \(rules) hold of nothing (vacuous)")
            }
            if !unknown.isEmpty {
                parts.append(
                    "\(unknown.count) \(noun(kind)) obligation(s) under \(rules) unknown: "
                        + unknown.map { "\($0.id) (\($0.stop))" }.joined(separator: ", "))
            }
            return parts.joined(separator: "; ")
        case .realizabilityFails(let rules, let cause):
            let said = switch cause {
            case .opaqueAnyView: "an opaque AnyView"
            case .transientRead: "a transient read"
            }
            return "under \(rules) \(said) gives a view a new identity in a render where its parent's body "
                + "did not run, so the trees' realizability, the locality obligations' premise, does not hold"
        case .boundedInvalidationSearch: return "a bounded search proves no invalidation lemma"
        }
    }

    /// What a kind of obligations is called.
    private static func noun(_ kind: ObligationShortfall.Kind) -> String {
        switch kind {
        case .reduction: "reduction"
        case .locality: "invalidation locality"
        }
    }

    /// A bounded proof among short paths after the full query stopped.
    static func shortPathProof(steps: Int, full: SolverStop) -> String {
        "z3: \(full) on the full query; no counterexample among paths of at most \(steps) steps"
    }

    /// The solver route's answer in a few words, with its reason where it has one.
    static func brief(_ answer: SolverAnswer) -> String {
        switch answer {
        case .proved: return "z3: unsat"
        case .provedForShortPaths(let steps, _): return "z3: unsat for paths of at most \(steps) steps"
        case .refuted: return "z3: counterexample"
        case .unknown(let reason): return sentence(reason)
        case .inapplicable(let why): return why
        case .failed(let reason): return sentence(reason)
        }
    }

    /// The reason of an unknown or error outcome as a sentence; `nil` for any other verdict.
    package static func sentence(_ outcome: Outcome) -> String? {
        switch outcome {
        case .unknown(let reason): return sentence(reason)
        case .error(let reason, _): return sentence(reason)
        default: return nil
        }
    }

    /// Why explain found no answer, as the reports say it.
    package static func sentence(_ reason: ExplainUnknownReason) -> String {
        switch reason {
        case .queryFailed(let error): return "explain's query could not be built or checked: \(error)"
        case .querySatisfiable: return "the tracked query is satisfiable: there is no proof to explain"
        case .solverStopped(let stop): return "z3: \(stop)"
        case .negationOutsideLanguage(let diagnostic):
            return "its negation is outside the lemma language: \(diagnostic.location): \(diagnostic.message) [\(diagnostic.id.rawValue)]"
        case .variantUndecided(.proved(let scope)): return "proved only \(scope.map { "for \($0)" } ?? "without a scope")"
        case .variantUndecided(.refuted): return "refuted"
        case .variantUndecided(.unknown(let why)): return sentence(why)
        case .variantUndecided(.vacuous): return "vacuous"
        case .variantUndecided(.error(let why, _)): return "error: \(sentence(why))"
        case .notACounterexampleAsWritten(let why): return "a counterexample of the lowered lemma, but not of the lemma as written: \(why)"
        }
    }

    /// Why explain does not apply, as the reports say it.
    package static func sentence(_ reason: ExplainInapplicability) -> String {
        switch reason {
        case .scenario: return "a scenario's checks are evaluated on its renders, not proved by Z3"
        case .vacuous(let views):
            return "vacuous: no \(views ? "views" : "trees") satisfy the assumptions, so there is no proof to explain"
        case .verdictUnknown: return "the verdict is unknown: explain applies to proved and refuted lemmas"
        case .verdictError: return "the verdict is error: explain applies to proved and refuted lemmas"
        case .boundedInvalidationProof:
            return "an invalidation lemma is proved unbounded or not at all; this verdict has no proof to explain"
        case .invalidationLemma: return "an invalidation lemma has no path-level query (`explainInvalidation` explains it)"
        case .identityLemma: return "not an invalidation lemma"
        case .notChecked(let message): return "the lemma was not checked: \(message)"
        }
    }
}
