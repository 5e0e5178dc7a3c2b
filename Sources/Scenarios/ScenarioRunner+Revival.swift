import IdentityModel
import Invalidation

extension ScenarioRunner {
    /// The labels of the views of `root` that a lazy container would keep for revival if they
    /// left the tree, under `rules` (R7, `RuleSet.r7LazyRetention`): a retaining container on the
    /// steps from the root to the view, its own included. An over-approximation (a cache torn down
    /// with its container, or item-level retention, keeps nothing), used only to refuse a scenario.
    static func retainable(_ root: ViewNode, rules: RuleSet) -> Set<String> {
        var result = Set<String>()
        func walk(_ node: ViewNode, underContainer: Bool) {
            let under = underContainer || node.steps.contains { step in
                if case .container(let kind) = step { return rules.r7RetainingContainer(kind) }
                return false
            }
            if rules.r7LazyRetention(isUnderLazyContainer: under) { result.insert(node.label) }
            for child in node.children { walk(child, underContainer: under) }
        }
        walk(root, underContainer: false)
        return result
    }
}
