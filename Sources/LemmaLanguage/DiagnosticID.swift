/// The stable identifier of every diagnostic the lemma language reports. `E0xx` are lexical,
/// `E01x` syntactic, `E02x`–`E06x` semantic, `E08x` rule-set files (`*.rules`), `E09x` I/O; `W0xx` are warnings.
package enum DiagnosticID: String, CaseIterable, Hashable, Sendable {
    /// A character that starts no token.
    case unexpectedCharacter = "E001"
    /// A string literal without its closing quote on the same line.
    case unterminatedString = "E002"
    /// An unknown escape sequence in a string literal.
    case invalidEscape = "E003"
    /// A token other than the one the grammar needs here.
    case expectedToken = "E004"
    /// A `render {` block without its matching `}`.
    case unterminatedRenderBlock = "E005"
    /// An integer literal that does not fit in `Int`.
    case integerOverflow = "E006"
    /// Something other than `lemma` or `scenario` at the top level.
    case expectedItem = "E007"
    /// A statement keyword the language does not know.
    case unknownStatement = "E008"
    /// A lemma statement in a scenario or the other way round.
    case misplacedStatement = "E009"
    /// A header or `show` given twice in one item.
    case duplicateStatement = "E010"
    /// `expect` with something other than `holds` or `refuted`.
    case unknownExpectation = "E011"
    /// `check LABEL` with an unknown outcome.
    case unknownOutcome = "E012"
    /// A formula nested too deeply to parse.
    case nestingTooDeep = "E013"
    /// An item without `expect`.
    case missingExpect = "E020"
    /// An item without `rules`.
    case missingRules = "E021"
    /// `rules` naming a rule set that does not exist.
    case unknownRuleSet = "E022"
    /// `source R0`, `source R11`, `source I13`: only R1–R10 and I1–I12 exist.
    case unknownRule = "E023"
    /// A lemma without `show`.
    case missingShow = "E024"
    /// Two lemmas or scenarios with the same name, in any files of one run.
    case duplicateItem = "E025"
    /// A field that paths do not have.
    case unknownPathField = "E026"
    /// A field that steps do not have.
    case unknownStepField = "E027"
    /// A name that is neither a bound variable nor a predicate or function.
    case unknownName = "E028"
    /// An index variable not bound by an enclosing `exists`/`forall`.
    case unboundIndex = "E029"
    /// A path variable not bound by the lemma's `forall`.
    case unboundPath = "E030"
    /// A path bound to a render the lemma does not declare.
    case undeclaredRender = "E031"
    /// Comparing values of different types.
    case typeMismatch = "E032"
    /// `<`, `<=`, `>`, `>=` on values that are not Int.
    case orderingOnNonInt = "E033"
    /// An enum literal that is not a case of the expected type.
    case unknownEnumCase = "E034"
    /// A string literal compared with something other than a ViewType or a Modifier.
    case misplacedString = "E035"
    /// A comparison of two literals whose type cannot be inferred.
    case ambiguousLiteral = "E036"
    /// A predicate or function applied to the wrong arguments, or used in the wrong place.
    case badArguments = "E037"
    /// A scenario `set`/`check` before any `render`.
    case stepBeforeRender = "E038"
    /// A variable or render name bound twice.
    case duplicateBinding = "E039"
    /// A scenario without any `render`.
    case missingRender = "E040"
    /// A render block that is not valid render syntax.
    case renderSyntax = "E041"
    /// A `set` or `check` of a label no render of the scenario has.
    case unknownLabel = "E042"
    /// One label on two views of one render.
    case duplicateLabel = "E043"
    /// A lemma with more path variables or renders than the provers can take in reasonable time.
    case tooLarge = "E044"
    /// A `check` of a label before any render shows it, or a `set` of a label the current render
    /// does not show.
    case labelNotYetDefined = "E045"
    /// A scenario that mixes identity checks (`survives`, `== v`, `undefined`) with invalidation
    /// steps (`evaluated`/`skipped` checks, `signal`, `set … unread`, an `invalidation` header).
    case mixedScenario = "E046"
    /// `invalidation` naming an invalidation rule set that does not exist.
    case unknownInvalidationRules = "E047"
    /// `because` with a reason that is neither a reason word nor a stored property of the view.
    case unknownReason = "E048"
    /// An invalidation lemma of the wrong shape: not two renders, a path bound in the earlier one,
    /// or identity vocabulary (`p.identity`, `sameView`, step fields) in its formulas.
    case invalidationLemmaShape = "E049"
    /// `expect refuted by NAME` naming no `check NAME:` of the scenario, twice, in a lemma (which
    /// has no checks) or after `expect holds`.
    case unknownCheckName = "E050"
    /// A path quantifier in a formula where it does not become a fresh path of the negated lemma
    /// (`PathQuantifierFragment`): a `forall` in an assumption, an `exists` in the conclusion, one
    /// under `<=>` or under a quantifier that is existential there.
    case pathQuantifierOutsideFragment = "E060"
    /// `mutate` of a path that is not a `forall` binder, twice, or bound in the last render; or
    /// `p.set` of a path the lemma does not mutate.
    case badMutation = "E061"
    /// An index offset (`k + n`, `i - n`) whose magnitude exceeds `IndexExpression.maximumOffset`
    /// (2^31): no view has that many properties or steps, and beyond Int the evaluators and Z3's
    /// decoder disagree (FINDINGS.md 12).
    case indexOffsetTooLarge = "E062"
    /// A `predicate` defined in terms of itself, directly or through other predicates.
    case recursivePredicate = "E063"
    /// A `predicate` named like a built-in predicate or function (`sameView`, `elem`, …) or a
    /// Bool literal.
    case predicateShadowsBuiltIn = "E064"
    /// `use NAME` naming no lemma this file sees (unknown, a scenario, in a file it does not
    /// import), or a lemma with errors.
    case unknownUsedLemma = "E065"
    /// `use` of a lemma whose statement does not carry over to this one: an invalidation lemma,
    /// another rule set, other renders, `any program` where this lemma has one program, `mutate`
    /// on either side.
    case incompatibleUse = "E066"
    /// Lemmas that `use` each other in a cycle (a lemma using itself included).
    case useCycle = "E067"
    /// `import` of a file that does not exist, cannot be read or lies outside the lemma root.
    case badImport = "E068"
    /// Files that `import` each other in a cycle (a file importing itself included).
    case importCycle = "E069"
    /// A rule-set file (`*.rules`) option that no rule set has.
    case unknownRuleSetOption = "E080"
    /// A rule-set file option given twice in one block.
    case duplicateRuleSetOption = "E081"
    /// A rule-set file option whose value is not one of the option's values.
    case badRuleSetValue = "E082"
    /// A rule-set file base (`from BASE`, `invalidation BASE`) that names no rule set.
    case unknownRuleSetBase = "E083"
    /// Rule-set blocks whose bases lead back to themselves.
    case ruleSetCycle = "E084"
    /// A rule-set block named like another block of its file or like a named rule set.
    case duplicateRuleSet = "E085"
    /// A rule-set option for a layer its block does not have: an identity option over an
    /// invalidation-only base, or an invalidation option without an invalidation base.
    case ruleSetLayerMissing = "E086"
    /// A rule-set file without any `rules` block.
    case emptyRuleSetFile = "E087"
    /// A lemma file that cannot be read.
    case unreadableFile = "E090"
    /// A run with nothing to check: no lemma file, or a filter no item matches.
    case nothingToCheck = "E091"
    /// `set observable(N).P = v` in a scenario where no view of any render holds `observable(N)`:
    /// the set can run nothing (likely a mistyped object number).
    case observableNotHeld = "E092"
    /// An object written with two different `==` values in one render, or as an `Equatable` class
    /// (`object(n, equatable: v)`) in one render and a plain one in another.
    case objectClassConflict = "E093"
    /// `send model(N)` in a scenario where no view of any render observes object N: the send can
    /// run nothing (likely a mistyped object number).
    case sentObjectNotObserved = "E094"
    /// An `environmentObject(T)` with no `.environmentObject(model(n) as T)` above it in its render:
    /// SwiftUI stops the app there.
    case environmentObjectMissing = "E095"
    /// Two `stateObject(model(n))` of one object in one render: each `@StateObject` makes an
    /// instance of its own.
    case stateObjectMadeTwice = "E096"
    /// A dependency atom (`readsProperty`, `propertyChanged`, `declaresKey`, `environmentChanged`,
    /// `observesObject`, `findsObject`, `objectSent`, `holdsStateObject`, `initialiserChanged`,
    /// `keepsStateObject`, `holdsBindingOf`) in an invalidation lemma it
    /// cannot be about: over more than two renders, `readsProperty(p, a)` without a render; a path, an index
    /// or a render named as a property, key or object, or a view holding a binding to its own state
    /// or to the state of a view it is not declared below.
    case observableAtomShape = "E097"
    /// `set L = v` where the current render's view `L` declares no `@State`: there is no state
    /// to change.
    case setWithoutState = "E098"
    /// `send model(N) unobserved` in a scenario where a view observes object N: the send signals
    /// it, so the word says what is not so.
    case unobservedSendObserved = "E099"
    /// An item without any `source`.
    case missingSource = "W001"
    /// A view type that only one render of a scenario writes, one or two edits away from a type
    /// another render writes: likely a misspelling, which would make it a new type.
    case viewTypeInOneRender = "W002"

    /// `.warning` for `W` identifiers, `.error` otherwise.
    package var severity: Diagnostic.Severity { rawValue.hasPrefix("W") ? .warning : .error }
}
