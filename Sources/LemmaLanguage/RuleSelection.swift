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

    /// The named sets called `name`, in every layer that has one (`runtime` names both an identity
    /// and an invalidation set, `documented` an identity set, `seed003` an invalidation set); `nil`
    /// when no layer does.
    public static func named(_ name: String) -> RuleSelection? {
        let identity = RuleSet.named(name)
        let invalidation = InvalidationRules.named(name)
        guard identity != nil || invalidation != nil else { return nil }
        return RuleSelection(name: name, identity: identity, invalidation: invalidation)
    }

    /// Every name `named` accepts, identity sets first.
    public static var names: [String] {
        RuleSet.all.map(\.name) + InvalidationRules.all.map(\.name).filter { RuleSet.named($0) == nil }
    }

    /// This selection with each layer it leaves to the items taken from `other`: two selections
    /// compared with each other (`diff-rules`) then differ only in the rules they name.
    public func filled(from other: RuleSelection) -> RuleSelection {
        RuleSelection(name: name, identity: identity ?? other.identity, invalidation: invalidation ?? other.invalidation)
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
