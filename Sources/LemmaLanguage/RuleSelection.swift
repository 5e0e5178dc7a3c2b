import IdentityModel
import Invalidation

/// The rules a run uses instead of each item's own (`--rules`): an identity rule set, an
/// invalidation rule set, or both. A layer left `nil` keeps each item's own rules.
package struct RuleSelection: Hashable, Sendable, CustomStringConvertible {
    /// The name it was selected by: a named set's, or a rule-set file block's.
    package let name: String
    /// The identity rules every item runs under, or `nil` for each item's own.
    package let identity: RuleSet?
    /// The invalidation rules every invalidation item runs under, or `nil` for each item's own.
    package let invalidation: InvalidationRules?

    /// A selection of the given layers.
    package init(name: String, identity: RuleSet?, invalidation: InvalidationRules?) {
        self.name = name
        self.identity = identity
        self.invalidation = invalidation
    }

    /// The named set called `name`: the identity set of that name if there is one (`runtime`,
    /// `documented`, …, so that `--rules runtime` leaves invalidation items their own rules, as it
    /// always did), else the invalidation set (`seed003`, `design`, `layoutsPending`); `nil` when
    /// neither layer has one. A rule-set file reaches the invalidation `runtime` with
    /// `invalidation runtime`.
    package static func named(_ name: String) -> RuleSelection? {
        if let identity = RuleSet.named(name) { return RuleSelection(name: name, identity: identity, invalidation: nil) }
        return InvalidationRules.named(name).map { RuleSelection(name: name, identity: nil, invalidation: $0) }
    }

    /// Every name `named` accepts, identity sets first.
    package static var names: [String] {
        RuleSet.all.map(\.name) + InvalidationRules.all.map(\.name).filter { RuleSet.named($0) == nil }
    }

    /// Whether `other` replaces the same layers: if not, items whose own rules in a layer only one
    /// of them sets differ between the two for that reason alone.
    package func setsTheSameLayers(as other: RuleSelection) -> Bool {
        (identity == nil) == (other.identity == nil) && (invalidation == nil) == (other.invalidation == nil)
    }

    /// Every option of both layers with its value, so that two selections of one name but
    /// different options (two versions of a rule-set file) are told apart. Read from the stored
    /// properties themselves, so a new option is never left out (a hand-written list once left
    /// out every invalidation option after the first four).
    package var settings: String {
        var parts: [String] = []
        if let identity { parts.append("\(identity.name): " + Self.options(of: identity)) }
        if let invalidation { parts.append("invalidation \(invalidation.name): " + Self.options(of: invalidation)) }
        return parts.joined(separator: "; ")
    }

    /// `label=value` for each stored property but the name, in declaration order; a set's
    /// elements sorted, an absent optional `none`.
    private static func options(of rules: Any) -> String {
        Mirror(reflecting: rules).children.compactMap { child in
            guard let label = child.label, label != "name" else { return nil }
            return "\(label)=\(text(child.value))"
        }.joined(separator: " ")
    }

    private static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional: return mirror.children.first.map { text($0.value) } ?? "none"
        case .set: return mirror.children.map { text($0.value) }.sorted().joined(separator: ",")
        default: return (value as? any RawRepresentable).map { "\($0.rawValue)" } ?? "\(value)"
        }
    }

    package var description: String { name }
}
