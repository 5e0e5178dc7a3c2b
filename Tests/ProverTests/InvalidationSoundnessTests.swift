import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// The soundness corpus of invalidation lemmas (beside `SoundnessCorpus/`, whose witnesses are
/// identity renders): every lemma here is false under the rules it names, with a `ViewLink`
/// witness that `BodyEvaluator` shows false without any solver. Neither Z3's route alone nor the
/// verifier may prove any of them.
final class InvalidationSoundnessTests: XCTestCase {
    struct Case {
        /// What the lemma aims at.
        var hole: String
        var source: String
        var witness: ViewLink
        /// The other paths' views, for a lemma over several.
        var others: [ViewLink] = []
        /// For a lemma over several renders, each path's links, one per transition (then
        /// `witness` and `others` are not read).
        var histories: [[ViewLink]]? = nil

        /// Every path's links, one per transition.
        var witnessHistories: [[ViewLink]] { histories ?? ([witness] + others).map { [$0] } }
    }

    /// A non-POD struct value whose `==` reads only `key`.
    static func structure(_ bits: Int, key: Int) -> PropertyValue {
        .structure(StructureValue("S", [StoredProperty("bits", .text("s\(bits)")), StoredProperty("key", .plain(key))], reads: ["key"]))
    }

    static let cases: [Case] = [
        Case(
            hole: "a reference to an Equatable class is compared by its == under runtime (issue 23): another object may compare equal",
            source: """
                lemma false_other_equatable_object_runs_with_parent {
                  summary "x"; source I7; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.eq == .notEquatable
                  assume exists k in p: p[k].kind == .equatableReference && p[k].same == false
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.equatableReference(object: 1, value: 0)],
                new: [.equatableReference(object: 2, value: 0)])),
        Case(
            hole: "a non-POD struct field is compared by its own == under runtime (issue 23): changed bits may compare equal",
            source: """
                lemma false_changed_struct_field_runs_with_parent {
                  summary "x"; source I3; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.eq == .notEquatable
                  assume exists k in p: p[k].kind == .structure && p[k].same == false
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [InvalidationSoundnessTests.structure(0, key: 0)], new: [InvalidationSoundnessTests.structure(1, key: 0)])),
        Case(
            hole: "a struct of plain values is POD, and so is a view holding only one (the lemma route counted only plain)",
            source: """
                lemma false_a_view_of_a_pod_struct_is_not_pod {
                  summary "x"; source I2; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume p.hasState == false && p.props == 1
                  assume forall k in p: p[k].kind == .podStructure
                  show p.pod == false
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true,
                old: [.structure(StructureValue("S", [StoredProperty("bits", .plain(0))]))],
                new: [.structure(StructureValue("S", [StoredProperty("bits", .plain(0))]))])),
        Case(
            hole: "a String is not POD (_isPOD(String.self) is false): a view holding one is not plain old data (FINDINGS.md 13)",
            source: """
                lemma false_a_view_of_numbers_and_strings_is_pod {
                  summary "x"; source I2; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume p.hasState == false
                  assume forall k in p: p[k].kind == .plain || p[k].kind == .text
                  show p.pod == true
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: true, old: [.text("s0")], new: [.text("s0")])),
        Case(
            hole: "a view holding a String is compared by its == under equatableUnlessPOD (FINDINGS.md 13, proved before the fix)",
            source: """
                lemma false_string_view_custom_eq_ignored {
                  summary "x"; source I2; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.hasState == false && p.equatable == false
                  assume p.eq == .alwaysTrue && p.stateRead == false && p.signalled == false
                  assume forall k in p: p[k].kind == .plain || p[k].kind == .text
                  assume exists k in p: p[k].same == false
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.text("s0")], new: [.text("s1")], equality: .alwaysTrue)),
        Case(
            hole: "a view may declare several @State: one read and one unread may both change (FINDINGS.md 14, proved before the fix)",
            source: """
                lemma false_read_and_unread_state_are_exclusive {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume p.stateRead == true
                  show p.stateUnread == false
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: false, old: [], new: [], hasState: true, stateChange: .changedRead,
                unreadStateAlsoChanged: true)),
        Case(
            hole: "a binding's kind may change between renders (Binding(get:set:) before, $x after): not the same property value",
            source: """
                lemma false_binding_kind_is_static {
                  summary "x"; source I6; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.eq == .notEquatable
                  assume p.stateRead == false && p.signalled == false
                  assume forall k in p: p[k].kind == .projectedBinding
                  show !evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.manualBinding(value: 0)],
                new: [.projectedBinding(location: 1, value: 0)])),
        Case(
            hole: "a property index beyond p.props is false in every comparison, != and == alike",
            source: """
                lemma false_first_property_exists {
                  summary "x"; source I3; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  show p[0].same == true || p[0].same == false
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: true, old: [], new: [])),
        Case(
            hole: "a state change the body did not read is not an own change (I8)",
            source: """
                lemma false_unread_state_runs {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume p.stateUnread == true
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: false, old: [], new: [], hasState: true, stateChange: .changedUnread)),
        Case(
            hole: "the layouts option reaches the encoding: before layouts are ready .equatable() compares bitwise",
            source: """
                lemma false_equatable_true_skips_before_layouts {
                  summary "x"; source I4; rules runtime; invalidation layoutsPending; expect holds
                  forall p: path in after
                  assume rendered(p, before) && p.equatable == true && p.eq == .alwaysTrue
                  assume p.stateRead == false && p.signalled == false
                  show !evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)], equality: .alwaysTrue,
                equatable: true)),
        Case(
            hole: "the closures option reaches the encoding: under runtime a context-free closure compares equal",
            source: """
                lemma false_unchanged_closure_runs {
                  summary "x"; source I5; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.eq == .notEquatable
                  assume exists k in p: p[k].kind == .closure
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.closure(capturesContext: false)],
                new: [.closure(capturesContext: false)])),
        Case(
            hole: "a non-POD Equatable view is compared by its == under runtime (customEquality .unlessPOD)",
            source: """
                lemma false_changed_reference_runs_equatable_type {
                  summary "x"; source I2; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.equatable == false
                  assume exists k in p: p[k].kind == .reference && p[k].same == false
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.reference(object: 1)], new: [.reference(object: 2)],
                equality: .alwaysTrue)),
        // wt-redteam2 (FINDINGS 11): false lemmas aimed at the invalidation encoding, correctly refuted.
        Case(
            hole: "p.props == 0: an exists over no property is false",
            source: """
                lemma false_empty_view_has_same_property {
                  summary "x"; source I3; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume p.props == 0
                  show exists k in p: p[k].same == true
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: true, old: [], new: [])),
        Case(
            hole: "seed003's bindings .locationOnly: a projected binding whose snapshot changed (same == false) compares equal",
            source: """
                lemma false_seed003_changed_projected_binding_runs {
                  summary "x"; source I6; rules runtime; invalidation seed003; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.eq == .notEquatable && p.equatable == false
                  assume exists k in p: p[k].kind == .projectedBinding && p[k].same == false
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.projectedBinding(location: 1, value: 1)],
                new: [.projectedBinding(location: 1, value: 0)])),
        Case(
            hole: "a POD view's custom == is ignored without .equatable() (I2): == always false does not make it skip or run by itself",
            source: """
                lemma false_pod_always_false_skips {
                  summary "x"; source I2; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.pod == true && p.eq == .alwaysFalse && p.equatable == false
                  assume p.stateRead == false && p.signalled == false
                  show !evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.plain(1)], new: [.plain(0)], equality: .alwaysFalse)),
        Case(
            hole: "p[k].same is what the property holds, not what the rules make of it: the same capturing closure still compares unequal (I5)",
            source: """
                lemma false_same_capturing_closure_skips {
                  summary "x"; source I5; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.eq == .notEquatable && p.equatable == false
                  assume forall k in p: p[k].kind == .closure && p[k].same == true
                  assume p.stateRead == false && p.signalled == false
                  show !evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.closure(capturesContext: true)],
                new: [.closure(capturesContext: true)])),
        // wt-f11 (FINDINGS 11 fixed at the path level): false lemmas aimed at the constraint that a
        // view its parent did not reach keeps its identity and values, and a new view's state has
        // not changed. Each witness is a realizable link.
        Case(
            hole: "the constraint binds only a view whose parent did not run: the root's parent (the host) always runs, and a view whose parent ran may get new values",
            source: """
                lemma false_ran_parent_keeps_values {
                  summary "x"; source I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume parentEvaluated(p, after)
                  show forall k in p: p[k].same == true
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])),
        Case(
            hole: "the constraint binds only a view whose parent did not run: a view whose parent ran (the root below the host) may get a new identity",
            source: """
                lemma false_ran_parent_keeps_identity {
                  summary "x"; source I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume parentEvaluated(p, after)
                  show rendered(p, before)
                }
                """,
            witness: ViewLink(survives: false, parentEvaluated: true, old: [], new: [])),
        Case(
            hole: "a skipped parent hands down identity and values, not the child's own state: its state may change (I8)",
            source: """
                lemma false_skipped_parent_child_keeps_state {
                  summary "x"; source I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume !parentEvaluated(p, after)
                  show p.stateRead == false && p.stateUnread == false
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: false, old: [], new: [], hasState: true, stateChange: .changedRead)),
        Case(
            hole: "only a new view has no state change: a surviving view's may change, its parent ran or not",
            source: """
                lemma false_surviving_view_state_unchanged {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after)
                  show p.stateUnread == false
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: .changedUnread)),
        Case(
            hole: "a disjunction of the two halves' premises: a new view whose parent ran may have new values",
            source: """
                lemma false_skipped_parent_or_new_view_keeps_values {
                  summary "x"; source I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume !parentEvaluated(p, after) || !rendered(p, before)
                  show forall k in p: p[k].same == true
                }
                """,
            witness: ViewLink(survives: false, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])),
        Case(
            hole: "two paths: one view's skipped parent says nothing of another view, whose parent ran",
            source: """
                lemma false_one_skipped_parent_keeps_every_view {
                  summary "x"; source I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume !parentEvaluated(p, after)
                  show forall k in q: q[k].same == true
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            others: [ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])]),
        // Several renders and a parent with its child (issue 21). A witness is each path's links,
        // one per transition, with the child's parent evaluation its parent's verdict.
        Case(
            hole: "the near miss: a child skipped in one transition is skipped in the next, without its own-change premise",
            source: """
                lemma false_child_skipped_once_is_skipped_again {
                  summary "x"; source I8, I9; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c, q: path in c
                  assume childOf(q, p)
                  assume !evaluated(q, b)
                  show !evaluated(q, c)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
                 ViewLink(survives: true, parentEvaluated: false, old: [], new: [])],
                [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], hasState: true),
                 ViewLink(survives: true, parentEvaluated: false, old: [], new: [], hasState: true, stateChange: .changedRead)],
            ]),
        Case(
            hole: "transitions mixed up: a parent skipped in the first transition says nothing of the second",
            source: """
                lemma false_parent_skipped_first_keeps_child_to_third {
                  summary "x"; source I9; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c, q: path in c
                  assume childOf(q, p)
                  assume !evaluated(p, b)
                  show sameValues(q, c)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: false, old: [.plain(0)], new: [.plain(0)]),
                 ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])],
                [ViewLink(survives: true, parentEvaluated: false, old: [.plain(0)], new: [.plain(0)]),
                 ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])],
            ]),
        Case(
            hole: "structure read too strongly: a parent that ran does not make its child run (the child may compare equal)",
            source: """
                lemma false_child_of_a_parent_that_ran_runs {
                  summary "x"; source I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume childOf(q, p)
                  assume evaluated(p, after)
                  show evaluated(q, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])],
                [ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(0)])],
            ]),
        Case(
            hole: "a render that is not the same across transitions: values equal in b and c were not necessarily so in a",
            source: """
                lemma false_values_unchanged_later_were_unchanged_before {
                  summary "x"; source I3; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c
                  assume sameValues(p, c)
                  show sameValues(p, b)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)]),
                 ViewLink(survives: true, parentEvaluated: false, old: [.plain(1)], new: [.plain(1)])],
            ]),
        Case(
            hole: "rendered(p, r) is survival out of r: surviving into b says nothing of surviving into c",
            source: """
                lemma false_survived_once_survives_again {
                  summary "x"; source I1; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c
                  assume rendered(p, a)
                  show rendered(p, b)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: true, old: [], new: []),
                 ViewLink(survives: false, parentEvaluated: true, old: [], new: [])],
            ]),
        Case(
            hole: "a grandchild: a skipped grandparent does not skip a grandchild whose parent has its own change",
            source: """
                lemma false_skipped_grandparent_skips_grandchild {
                  summary "x"; source I8, I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after, r: path in after
                  assume childOf(q, p)
                  assume childOf(r, q)
                  assume !evaluated(p, after) && r.stateRead == false && r.signalled == false
                  show !evaluated(r, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: false, old: [], new: [])],
                [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], signalled: true)],
                [ViewLink(survives: true, parentEvaluated: true, old: [.closure(capturesContext: true)], new: [.closure(capturesContext: true)])],
            ]),
        Case(
            hole: "a @State's initial value is compared under runtime (issue 23): a reached view with the same stored properties and no own change may run (proved before p.initialSame)",
            source: """
                lemma false_state_view_with_same_properties_is_skipped {
                  summary "x"; source I3, I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.hasState == true
                  assume p.eq == .notEquatable && sameValues(p, after) && forall k in p: p[k].kind == .plain
                  assume p.stateRead == false && p.stateUnread == false && p.signalled == false
                  show !evaluated(p, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: true, old: [], new: [], hasState: true, initialChanged: true)),
        Case(
            hole: "over three renders the initial value may change at both transitions: the third render's is a third value",
            source: """
                lemma false_state_view_skipped_after_a_new_initial_value {
                  summary "x"; source I3, I9; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c
                  assume rendered(p, a) && rendered(p, b) && parentEvaluated(p, c) && p.hasState == true && p.eq == .notEquatable
                  assume sameValues(p, c) && forall k in p: p[k].kind == .plain
                  assume p.stateRead == false && p.stateUnread == false && p.signalled == false
                  show !evaluated(p, c)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: true, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: true, old: [], new: [], hasState: true, initialChanged: true),
                 ViewLink(survives: true, parentEvaluated: true, old: [], new: [], hasState: true, initialChanged: true)],
            ]),
        // Issue 23's @Observable atoms (`readsProperty`, `propertyChanged`; property numbers in
        // order of first use).
        Case(
            hole: "a body that read a may have read b too: a change of b runs it (readsProperty is not exclusive)",
            source: """
                lemma false_observable_unread_change_skips_when_it_may_track_b {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume readsProperty(p, a) && propertyChanged(b, after) && !propertyChanged(a, after)
                  assume !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
                  show !evaluated(p, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: [], tracked: [0, 1], propertyChanges: [1])),
        Case(
            hole: "an @Observable change reaches a view whose parent did not run (it is not handed down by the parent)",
            source: """
                lemma false_skipped_parent_stops_an_observable_change {
                  summary "x"; source I8, I9; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume !parentEvaluated(p, after) && readsProperty(p, a) && propertyChanged(a, after)
                  show !evaluated(p, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: [], tracked: [0], propertyChanges: [0])),
        // Issue 23's environment atoms (`declaresKey`, `environmentChanged`; I10).
        Case(
            hole: "a key's change reaches every view below the write, but runs only the views that declare the key",
            source: """
                lemma false_environment_change_of_an_undeclared_key_runs {
                  summary "x"; source I10; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && environmentChanged(p, a, after)
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: [], keyChanges: [0])),
        Case(
            hole: "an @Environment property holds a key path: a view that declares a key is not POD, whatever its stored properties",
            source: """
                lemma false_environment_declaring_a_key_keeps_a_view_pod {
                  summary "x"; source I2, I10; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume declaresKey(p, a) && p.props == 0 && p.hasState == false
                  show p.pod == true
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaredKeys: [0])),
        // FINDINGS.md 42: an `@Environment` or `@EnvironmentObject` the lemma does not name.
        Case(
            hole: "a view may declare an @Environment the lemma does not name: no @State and every property plain is not POD",
            source: """
                lemma false_plain_without_state_is_pod {
                  summary "x"; source I2; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume p.hasState == false && (forall k in p: p[k].kind == .plain)
                  show p.pod == true
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaresUnnamedEnvironment: true)),
        Case(
            hole: "a plain view with an unnamed @Environment is non-POD: its == decides, not its changed field",
            source: """
                lemma false_plain_view_runs_by_fields {
                  summary "x"; source I2, I3; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after)
                  assume p.hasState == false && p.eq == .alwaysTrue && p.equatable == false
                  assume forall k in p: p[k].kind == .plain
                  assume exists k in p: p[k].same == false
                  assume !stateRead(p, after) && !signalled(p, after)
                  show evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)], equality: .alwaysTrue,
                declaresUnnamedEnvironment: true)),
        Case(
            hole: "under .equatable() an unchanged plain view with an unnamed @Environment is non-POD: its == is asked (I4)",
            source: """
                lemma false_plain_equatable_unchanged_skips {
                  summary "x"; source I4; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume rendered(p, before) && parentEvaluated(p, after) && p.equatable == true && p.eq == .alwaysFalse
                  assume p.hasState == false && (forall k in p: p[k].kind == .plain) && sameValues(p, after)
                  assume !stateRead(p, after) && !signalled(p, after)
                  show !evaluated(p, after)
                }
                """,
            witness: ViewLink(
                survives: true, parentEvaluated: true, old: [], new: [], equality: .alwaysFalse, equatable: true,
                declaresUnnamedEnvironment: true)),
        // A new parent's child and a ForEach row (issue 21): survival across the two paths.
        Case(
            hole: "I1 read backwards: a child whose identity is new below a parent that survives",
            source: """
                lemma false_new_child_has_a_new_parent {
                  summary "x"; source I1; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume childOf(q, p)
                  assume !rendered(q, before)
                  show !rendered(p, before)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])],
                [ViewLink(survives: false, parentEvaluated: true, old: [], new: [])],
            ]),
        Case(
            hole: "R8 read without the parent: a row whose key stays below a new parent",
            source: """
                lemma false_kept_key_survives_a_new_parent {
                  summary "x"; source R8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume rowOf(q, p)
                  assume keyKept(q, after)
                  show rendered(q, before)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: false, parentEvaluated: true, old: [], new: [])],
                [ViewLink(survives: false, parentEvaluated: true, old: [], new: [], row: RowChange(keyKept: true))],
            ]),
        Case(
            hole: "a kept key read as kept values: a surviving row is compared with new values",
            source: """
                lemma false_kept_key_keeps_values {
                  summary "x"; source R8, I3; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume rowOf(q, p)
                  assume rendered(p, before) && keyKept(q, after) && moved(q, after)
                  show sameValues(q, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
            histories: [
                [ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])],
                [ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)], row: RowChange(keyKept: true, moved: true))],
            ]),
        Case(
            hole: "tracking through a parent (issue 21): a parent's tracked change runs the parent, not its unchanged child",
            source: """
                lemma false_parents_tracked_change_runs_the_child {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume childOf(q, p)
                  assume readsProperty(p, a) && propertyChanged(a, after) && rendered(q, before)
                  show evaluated(q, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: [], tracked: [0], propertyChanges: [0]),
            others: [ViewLink(survives: true, parentEvaluated: true, old: [], new: [], propertyChanges: [0])]),
        Case(
            hole: "objects through a parent (issue 21): a send of the parent's object does not run a child that does not observe it",
            source: """
                lemma false_parents_object_runs_the_child {
                  summary "x"; source I11; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume childOf(q, p)
                  assume observesObject(p, m) && objectSent(m, after) && rendered(q, before)
                  show evaluated(q, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: [], observedObjects: [0], objectsSent: [0]),
            others: [ViewLink(survives: true, parentEvaluated: true, old: [], new: [], objectsSent: [0])]),
        Case(
            hole: "environment through a parent (issue 21): a write in the parent's body may keep the child's value while the parent's changed",
            source: """
                lemma false_parents_key_change_reaches_the_child {
                  summary "x"; source I10; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume childOf(q, p)
                  assume environmentChanged(p, k, after) && declaresKey(q, k) && !evaluated(p, after)
                  show evaluated(q, after)
                }
                """,
            witness: ViewLink(survives: true, parentEvaluated: false, old: [], new: [], keyChanges: [0]),
            others: [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaredKeys: [0])]),
    ]

    /// Each witness falsifies its lemma on trees, with no solver.
    func testEveryWitnessFalsifiesItsLemma() throws {
        for item in Self.cases {
            let spec = try compile(item.source)
            guard case .violated = InvalidationReplay.run(spec, histories: item.witnessHistories, origin: .checker) else {
                XCTFail("the witness does not falsify the lemma aimed at: \(item.hole)")
                continue
            }
        }
    }

    /// Z3's route alone, then the whole verifier (default budget and a budget of one resource unit):
    /// never `proved`.
    func testNoFalseInvalidationLemmaIsProved() throws {
        try SlowTier.require()
        // The cases are independent: they run at once on every core, the assertions stay here.
        let specs = try Self.cases.map { try compile($0.source) }
        let solverProved = try Concurrently.map(specs) { spec in
            if case .proved = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer { return true }
            return false
        }
        let limits = [VerifierOptions().resourceLimit, 1]
        let runs = Self.cases.flatMap { item in limits.map { (item.source, $0) } }
        let reports = try Concurrently.map(runs) { source, resourceLimit in
            var options = VerifierOptions()
            options.resourceLimit = resourceLimit
            options.jobs = 1
            return try Self.run(source, options: options)
        }
        for (number, item) in Self.cases.enumerated() {
            if solverProved[number] { XCTFail("z3 proved a false lemma: \(item.hole)") }
            for (offset, resourceLimit) in limits.enumerated() {
                let report = reports[number * limits.count + offset]
                XCTAssertNotEqual(report.verdict, .proved, "rlimit \(resourceLimit): \(item.hole): \(report.message)")
            }
        }
    }

    /// FINDINGS 12: `p[k+9223372036854775807]` crashed the checker (arithmetic overflow in
    /// `InvalidationEvaluator.resolve`), and then Z3's decoder and the routes gave errors. The
    /// language now rejects an offset beyond 2^31 (E062) at the offset; the lemma never reaches a
    /// route.
    func testAnOffsetBeyondTwoToTheThirtyFirstIsRejected() throws {
        let source = """
            lemma overflowing_offset_is_beyond_every_property {
              summary "x"; source I3; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume p.props >= 1
              show forall k in p: !(p[k+9223372036854775807].same == true)
            }
            """
        let folder = try folder(for: source)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = LemmaLoader(knownRuleSets: [.runtime]).load(files: [folder.appendingPathComponent("case.lemma")])
        let offset = try XCTUnwrap(loaded.diagnostics.first { $0.id == .indexOffsetTooLarge }, "\(loaded.diagnostics)")
        XCTAssertEqual(offset.location.line, 5)
        XCTAssertEqual(offset.location.column, 29)
        var options = VerifierOptions()
        options.jobs = 1
        let report = try run(source, options: options)
        XCTAssertEqual(report.verdict, .error, report.message)
        XCTAssertTrue(report.message.contains("E062"), report.message)
    }

    /// FINDINGS 12, below the language: an `IndexTerm` whose offset overflows Int (which E062 keeps
    /// out of lemma files) is beyond every property, in the evaluator and in the checker's route
    /// that crashed, not an arithmetic-overflow trap.
    func testAnOverflowingIndexOffsetIsUndefinedNotACrash() throws {
        // Both statements read the one-view domain under runtime: observed once.
        let domain = ObservedDomain()
        for offset in [Int.max, Int.min] {
            let same = InvalidationFormula.compare(
                .equal, .property(path: 0, index: .variable(0, offset: offset), .same), .bool(true))
            let statement = InvalidationFormula.forall(variable: 0, path: 0, .not(same))
            let link = ViewLink(survives: true, parentEvaluated: true, old: [.plain(0), .plain(0)], new: [.plain(0), .plain(1)])
            let observation = ViewLinkTrees(link).observe(rules: .runtime, identityRules: .runtime)
            XCTAssertTrue(InvalidationEvaluator(links: [link], observations: [observation]).holds(statement), "offset \(offset)")
            let spec = InvalidationLemmaSpec(
                name: "overflowing_offset", paths: ["p"], indexNames: ["k"], rules: .runtime, identityRules: .runtime,
                expectation: .holds, assumptions: [], conclusion: statement)
            guard case .holds = InvalidationBoundedRoute(domain: domain).run(spec).answer else {
                return XCTFail("the checker's route refuted a true statement at offset \(offset)")
            }
        }
    }

    /// FINDINGS 11: a parent whose body did not run hands its child the same identity and values,
    /// so these lemmas are true on every tree. The path level says so (`ViewLink.isRealizable`,
    /// `InvalidationEncoding.realizable`) and the locality obligations carry it to trees: proved,
    /// unbounded (before the fix: unknown, and before that wrongly refuted).
    func testAParentThatDidNotRunHandsDownItsChildUnchanged() throws {
        let shows = [("rendered", "rendered(p, before)"), ("same", "forall k in p: p[k].same == true")]
        // One run: the two lemmas share its checker domain and locality obligations.
        let reports = try Self.run(shows.map { name, show in
            """
            lemma skipped_parent_hands_down_the_child_\(name) {
              summary "x"; source I9; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !parentEvaluated(p, after) && !revived(p, after)
              show \(show)
            }
            """
        }, options: VerifierOptions())
        for ((_, show), report) in zip(shows, reports) {
            guard case .proved(.unbounded) = report.outcome else {
                XCTFail("\(show): \(report.outcome): \(report.message)")
                continue
            }
        }
    }

    /// FINDINGS 23: under `rules documented` (AnyView opaque, R5), and under the mutant
    /// `anyViewAlwaysRebuilds`, the identity rules renew an AnyView's content on every render, also
    /// below a parent whose body did not run, so "a skipped parent hands its child the same
    /// identity" is not what every render pair is there. The lemma that a view whose parent did not
    /// run and with no own change is skipped must not be proved while the same rules, on the trees
    /// below (the screen skipped, the row inside its AnyView), do not give the row `skipped`.
    func testASkippedParentsAnyViewChildUnderAnOpaqueAnyView() throws {
        let cases: [(rules: String, mutation: RuleMutation?)] = [("documented", nil), ("runtime", .anyViewAlwaysRebuilds)]
        // The two runs are independent: at once on every core, one job each.
        let runs = try Concurrently.map(cases) { rules, mutation in
            let source = """
                lemma skipped_parent_no_own_change_is_skipped {
                  summary "x"; source I9, R5; rules \(rules); invalidation runtime; expect holds
                  forall p: path in after
                  assume !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
                  show !evaluated(p, after)
                }

                scenario anyview_child_of_skipped_parent {
                  summary "x"; source I9, R5; rules \(rules); invalidation runtime; expect holds
                  render { App(state: 0) @app { Screen(n: 1) @screen { AnyView(Row(count: 1)) @row } } }
                  set app = 1
                  render { App(state: 0) @app { Screen(n: 1) @screen { AnyView(Row(count: 1)) @row } } }
                  check screen skipped
                  check row skipped
                }
                """
            let folder = try Self.folder(for: source)
            defer { try? FileManager.default.removeItem(at: folder) }
            var options = VerifierOptions()
            options.jobs = 1
            options.mutation = mutation
            return Verifier(options: options).run(paths: [folder]).lemmas
        }
        for ((rules, mutation), reports) in zip(cases, runs) {
            let lemma = try XCTUnwrap(reports.first { $0.name == "skipped_parent_no_own_change_is_skipped" })
            let scenario = try XCTUnwrap(reports.first { $0.name == "anyview_child_of_skipped_parent" })
            if lemma.verdict == .proved {
                XCTAssertEqual(
                    scenario.verdict, .proved,
                    "\(rules) \(mutation?.rawValue ?? ""): the lemma is proved (\(lemma.message)) but its rules do not skip the row: \(scenario.message)")
            }
        }
    }

    /// Issue 23's `stateInitialValue: .compared` in lemmas (`p.initialSame`): the lemma that leaves
    /// the initial value free is refuted by a counterexample whose trees change it and whose view
    /// `BodyEvaluator` runs for `_state`; with the initial value the same, or under `handWritten`,
    /// the skip is proved unbounded; a skipped parent hands the initial value down.
    func testTheInitialValueIsALemmaAtom() throws {
        func lemma(_ name: String, _ rules: String, _ expectation: String, _ body: String) -> String {
            "lemma \(name) {\n  summary \"x\"; source I3, I9; rules runtime; invalidation \(rules); expect \(expectation)\n  forall p: path in after\n\(body)\n}"
        }
        let skipped = """
              assume rendered(p, before) && parentEvaluated(p, after) && p.hasState == true
              assume p.eq == .notEquatable && sameValues(p, after) && forall k in p: p[k].kind == .plain
              assume p.stateRead == false && p.stateUnread == false && p.signalled == false
            """
        // One run: the three lemmas under runtime share its checker domain and locality obligations.
        let reports = try Self.run([
            lemma("initial_free", "runtime", "refuted", skipped + "\n  show !evaluated(p, after)"),
            lemma("initial_same", "runtime", "holds", skipped + "\n  assume p.initialSame == true\n  show !evaluated(p, after)"),
            lemma("initial_same_hand_written", "handWritten", "holds", skipped + "\n  show !evaluated(p, after)"),
            lemma("handed_down", "runtime", "holds", "  assume !parentEvaluated(p, after) && !revived(p, after)\n  show p.initialSame == true"),
        ], options: VerifierOptions())
        let free = reports[0]
        guard case .refuted(let counterexample) = free.outcome else { return XCTFail("\(free.outcome): \(free.message)") }
        let link = try XCTUnwrap(counterexample.histories?.links.first?.first, "\(counterexample)")
        XCTAssertTrue(link.initialChanged, "\(link)")
        let observed = ViewLinkTrees(link).observe(rules: .runtime, identityRules: .runtime)
        XCTAssertEqual(observed.view.reason, .comparedDifferent(.differentAt(ViewValue.stateField)))
        // The checker's domains hold such views too: the one-view domain, and over three renders the chain domain.
        for source in Self.cases.suffix(2).map(\.source) {
            guard case .refuted = InvalidationBoundedRoute(domain: ObservedDomain()).run(try compile(source)).answer else {
                return XCTFail("the checker's route did not refute:\n\(source)")
            }
        }
        for (report, rules) in zip(reports[1...2], ["runtime", "handWritten"]) {
            guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(rules): \(report.outcome): \(report.message)") }
        }
        let handedDown = reports[3]
        guard case .proved(.unbounded) = handedDown.outcome else { return XCTFail("\(handedDown.outcome): \(handedDown.message)") }
    }

    /// A witness the path level excludes is not realizable on trees either (the replay's defence):
    /// a skipped parent with a changed child, a new identity below a skipped parent, a new view
    /// whose state changed.
    func testTheReplayRejectsWhatNoTreeGives() {
        let links = [
            ViewLink(survives: true, parentEvaluated: false, old: [.plain(0)], new: [.plain(1)]),
            ViewLink(survives: false, parentEvaluated: false, old: [], new: []),
            ViewLink(survives: false, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: .changedRead),
            ViewLink(survives: true, parentEvaluated: false, old: [], new: [], hasState: true, initialChanged: true),
        ]
        for link in links {
            XCTAssertFalse(link.isRealizable(under: .runtime), "\(link)")
            guard case .notRealized = InvalidationReplay.observe(link, rules: .runtime, identityRules: .runtime) else {
                XCTFail("the replay realized \(link)")
                continue
            }
        }
    }

    private func folder(for source: String) throws -> URL { try Self.folder(for: source) }

    private static func folder(for source: String) throws -> URL {
        let folder = TemporaryFolder.path("inval-soundness")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try source.write(to: folder.appendingPathComponent("case.lemma"), atomically: true, encoding: .utf8)
        return folder
    }

    private func run(_ source: String, options: VerifierOptions) throws -> LemmaReport { try Self.run(source, options: options) }

    /// The report of `source`'s one lemma, run in a folder of its own (so runs may go at once).
    private static func run(_ source: String, options: VerifierOptions) throws -> LemmaReport {
        let folder = try folder(for: source)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Verifier(options: options).run(paths: [folder])
        guard let lemma = report.lemmas.first else { throw NoLemma(file: folder.appendingPathComponent("case.lemma").path) }
        return lemma
    }

    /// The reports of the lemmas of `sources`, in their order, from one run over one file of them all.
    private static func run(_ sources: [String], options: VerifierOptions) throws -> [LemmaReport] {
        let folder = try folder(for: sources.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Verifier(options: options).run(paths: [folder])
        XCTAssertEqual(report.lemmas.count, sources.count, report.diagnostics.joined(separator: "\n"))
        return report.lemmas.sorted { $0.line < $1.line }
    }

    /// A case folder whose run reported no lemma.
    private struct NoLemma: Error { var file: String }

    private func compile(_ source: String) throws -> InvalidationLemmaSpec {
        let folder = try folder(for: source)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = LemmaLoader(knownRuleSets: [.runtime]).load(files: [folder.appendingPathComponent("case.lemma")])
        let lemma = try XCTUnwrap(loaded.files.first?.lemmas.first, "\(loaded.diagnostics)")
        let invalidation = try XCTUnwrap(lemma.invalidation)
        return InvalidationLemmaSpec(
            name: lemma.name, paths: lemma.paths.map(\.name), indexNames: invalidation.indexNames, renders: lemma.renders,
            parents: invalidation.parents, rows: invalidation.rows, observableProperties: invalidation.observableProperties,
            environmentKeys: invalidation.environmentKeys, objects: invalidation.objects, rules: invalidation.ruleSet,
            identityRules: .runtime,
            expectation: lemma.expectation, assumptions: invalidation.assumptions, conclusion: invalidation.conclusion)
    }
}
