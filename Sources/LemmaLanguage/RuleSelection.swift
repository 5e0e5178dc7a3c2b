import IdentityModel
import Invalidation

/// The rules a run uses instead of each item's own (`--rules`): an identity rule set, an
/// invalidation rule set, or both. A layer left `nil` keeps each item's own rules.
public struct RuleSelection: Hashable, Sendable, CustomStringConvertible {
    /// The name it was selected by: a named set's, or a rule-set file block's.
    public let name: String
    /// The identity rules every item runs under, or `nil` for each item's own.
    public let identity: RuleSet?
    /// The invalidation rules every invalidation item runs under, or `nil` for each item's own.
    public let invalidation: InvalidationRules?

    /// A selection of the given layers.
    public init(name: String, identity: RuleSet?, invalidation: InvalidationRules?) {
        self.name = name
        self.identity = identity
        self.invalidation = invalidation
    }

    /// The named set called `name`: the identity set of that name if there is one (`runtime`,
    /// `documented`, …, so that `--rules runtime` leaves invalidation items their own rules, as it
    /// always did), else the invalidation set (`seed003`, `design`, `layoutsPending`); `nil` when
    /// neither layer has one. A rule-set file reaches the invalidation `runtime` with
    /// `invalidation runtime`.
    public static func named(_ name: String) -> RuleSelection? {
        if let identity = RuleSet.named(name) { return RuleSelection(name: name, identity: identity, invalidation: nil) }
        return InvalidationRules.named(name).map { RuleSelection(name: name, identity: nil, invalidation: $0) }
    }

    /// Every name `named` accepts, identity sets first.
    public static var names: [String] {
        RuleSet.all.map(\.name) + InvalidationRules.all.map(\.name).filter { RuleSet.named($0) == nil }
    }

    /// Whether `other` replaces the same layers: if not, items whose own rules in a layer only one
    /// of them sets differ between the two for that reason alone.
    public func setsTheSameLayers(as other: RuleSelection) -> Bool {
        (identity == nil) == (other.identity == nil) && (invalidation == nil) == (other.invalidation == nil)
    }

    /// Every option of both layers with its value, so that two selections of one name but
    /// different options (two versions of a rule-set file) are told apart.
    public var settings: String {
        var parts: [String] = []
        if let identity {
            parts.append(
                "\(identity.name): anyView=\(identity.anyView.rawValue) lazyRetention=\(identity.lazyRetention) "
                    + "lazyEviction=\(identity.lazyEviction) atomicBodyReads=\(identity.atomicBodyReads) "
                    + "retainingContainers=\(identity.retainingContainers.map(\.rawValue).sorted().joined(separator: ","))"
                    + " nestedAnyView=\(identity.nestedAnyView.rawValue)"
                    + (identity.itemLevelRetention ? " itemLevelRetention=true" : "")
                    + (identity.mutation.map { " mutation=\($0.rawValue)" } ?? ""))
        }
        if let invalidation {
            parts.append(
                "invalidation \(invalidation.name): customEquality=\(invalidation.customEquality.rawValue) "
                    + "closures=\(invalidation.closures.rawValue) bindings=\(invalidation.bindings.rawValue) "
                    + "layouts=\(invalidation.layouts.rawValue)"
                    + (invalidation.mutation.map { " mutation=\($0.rawValue)" } ?? ""))
        }
        return parts.joined(separator: "; ")
    }

    public var description: String { name }
}
