/// The rules the analyzer reports, each with a stable id, the item of `Lemmas/` it rests on, its
/// level, and the fix it suggests.
public enum Rule: String, CaseIterable, Codable, Sendable {
    case conditionalModifier = "SIL001"
    case selfKeyedMutableRows = "SIL002"
    case anyViewTypeFlip = "SIL003"
    case notNilReadTwice = "SIL004"
    case idNewEachRender = "SIL005"
    case statefulViewInBothArms = "SIL006"
    case stateSeededFromInit = "SIL007"
    case indexKeyedRows = "SIL008"
    case deliberateIDReset = "SIL009"
    case manualBindingDefeatsSkipping = "SIL010"
    case closureDefeatsSkipping = "SIL011"

    /// A short name, as `--list-rules` and SARIF's rule metadata give it.
    public var name: String {
        switch self {
        case .conditionalModifier: return "conditional-modifier"
        case .selfKeyedMutableRows: return "self-keyed-mutable-rows"
        case .anyViewTypeFlip: return "anyview-type-flip"
        case .notNilReadTwice: return "not-nil-read-twice"
        case .idNewEachRender: return "id-new-each-render"
        case .statefulViewInBothArms: return "stateful-view-in-both-arms"
        case .stateSeededFromInit: return "state-seeded-from-init"
        case .indexKeyedRows: return "index-keyed-rows"
        case .deliberateIDReset: return "deliberate-id-reset"
        case .manualBindingDefeatsSkipping: return "manual-binding-defeats-skipping"
        case .closureDefeatsSkipping: return "closure-defeats-skipping"
        }
    }

    /// The lemma or scenario of `Lemmas/` the finding rests on (`LemmaReferenceTests` checks that
    /// each exists).
    public var lemma: String {
        switch self {
        case .conditionalModifier: return "finding1_conditional_modifier_is_a_noop"
        case .selfKeyedMutableRows: return "finding2_editing_a_self_keyed_row_keeps_its_state"
        case .anyViewTypeFlip: return "r5_anyview_of_another_type_rebuilds"
        case .notNilReadTwice: return "finding4_if_let_and_if_not_nil_are_equivalent"
        case .idNewEachRender, .deliberateIDReset: return "r6_new_id_resets"
        case .statefulViewInBothArms: return "r4_arms_are_distinct_identities"
        case .stateSeededFromInit: return "r1_initial_value_is_read_once"
        case .indexKeyedRows: return "r8_state_follows_the_key_across_reorders"
        case .manualBindingDefeatsSkipping: return "inval_manual_binding_runs_with_parent"
        case .closureDefeatsSkipping: return "inval_capturing_closure_runs_with_parent"
        }
    }

    /// `note` for a reset the code asks for, `warning` for a hazard.
    public var level: Level { self == .deliberateIDReset ? .note : .warning }

    public enum Level: String, Codable, Sendable { case warning, note }

    /// What to do instead.
    public var fix: String {
        switch self {
        case .conditionalModifier:
            return "apply the modifier unconditionally and pass the condition to it (e.g. .opacity(c ? 1 : 0) or a ViewModifier taking the flag)"
        case .selfKeyedMutableRows:
            return "key the rows by a stable identifier (an Identifiable element or id: \\.id), not by the value itself"
        case .anyViewTypeFlip:
            return "return the views through @ViewBuilder (some View) instead of AnyView, or wrap the same type in every branch"
        case .notNilReadTwice:
            return "unwrap once with `if let x` instead of testing `x != nil` and force-unwrapping"
        case .idNewEachRender:
            return "give .id a value that changes only when the view should restart (a model's id), never UUID() or Date()"
        case .statefulViewInBothArms:
            return "build the view once outside the if/else and vary its arguments or modifiers instead"
        case .stateSeededFromInit:
            return "keep the value as a plain property or a @Binding, or restart the view on purpose with .id(value)"
        case .indexKeyedRows:
            return "key the rows by the element's identity (ForEach(items) over Identifiable, or id: \\.id), not its index"
        case .deliberateIDReset:
            return "none needed if the reset is intended; the state below this .id starts again whenever the value changes"
        case .manualBindingDefeatsSkipping:
            return "pass a projected binding ($value or $model.field) instead of Binding(get:set:)"
        case .closureDefeatsSkipping:
            return "make the child Equatable and use .equatable(), or pass data instead of a closure"
        }
    }
}
