import Invalidation

extension ScenarioRunner {
    /// The first view of `after` whose identity survives from `before` and whose
    /// `@EnvironmentObject` of some type finds another object than it found before (a new
    /// `.environmentObject(model(n) as T)` above it), with that type and both objects; `nil` when
    /// there is none. What SwiftUI does with such a reader is not modelled (I11): the wrapper's
    /// object is not part of the value its parent builds, so comparing the values cannot see it.
    static func changedEnvironmentObject(before: ViewNode, after: ViewNode, evaluator: BodyEvaluator)
        -> (label: String, type: String, before: Int, after: Int)?
    {
        let earlier = Dictionary(
            evaluator.identities(of: before, generation: 0).map { ($0.identity, $0.node) }, uniquingKeysWith: { first, _ in first })
        for (node, identity) in evaluator.identities(of: after, generation: 1) {
            guard let old = earlier[identity] else { continue }
            for declared in node.value.environmentObjects {
                guard let found = old.environmentObjects[declared.key], let finds = node.environmentObjects[declared.key],
                    found != finds
                else { continue }
                return (node.label, declared.key, found, finds)
            }
        }
        return nil
    }
}
