import IdentityModel
import LemmaLogic

extension BoundedRoute {
    /// One program's renders as the checker's walk reads them, each walked once per place in a
    /// case (its generation) instead of once per prefix it extends: a render's stateful paths,
    /// `ForEach`es and identities depend on the render, the rules and its generation only.
    final class RenderWalks {
        /// What one render at one generation gives.
        struct Walked {
            var walk: RenderWalk
            /// The stateful paths holding their initial values (what a prefix without a store holds).
            var initial: [PathWitness]
            var identities: Set<Identity> { walk.identities }

            init(_ render: Render, rules: RuleSet, generation: Int) {
                walk = render.walked(rules: rules, generation: generation)
                initial = walk.paths.map { PathWitness(path: $0, state: $0.initial, generation: generation) }
            }
        }

        let rules: RuleSet
        /// By generation, then by the render's slot (`TransitionEnumerator.firstCounterexamples`).
        private var walked: [[Int: Walked]] = []

        init(rules: RuleSet) { self.rules = rules }

        /// `render`'s walk at `generation`, computed on the first call for its slot and generation.
        func walked(_ render: Render, slot: Int, generation: Int) -> Walked {
            while walked.count <= generation { walked.append([:]) }
            if let known = walked[generation][slot] { return known }
            let computed = Walked(render, rules: rules, generation: generation)
            walked[generation][slot] = computed
            return computed
        }
    }
}
