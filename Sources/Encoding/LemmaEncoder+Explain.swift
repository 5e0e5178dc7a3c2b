import IdentityModel
import LemmaLogic
import Z3Kit

extension LemmaEncoder {
    /// `query()` cut into the items explain mode tracks, each with its assertions.
    ///
    /// Every assertion of `query()` goes to the item it states, found by building it again and
    /// comparing Z3's term ids. Two kinds are replaced by equivalent parts: a path's element axiom
    /// (identity as the pointwise map of the rules) by one axiom per step kind, so that each rule
    /// can be left out on its own, and the negated statement by each assumption and the negated
    /// conclusion. An assertion that is not recognised goes to `.structure(.other)`, and a part
    /// replaces only an assertion that is there, so the items together assert exactly what the
    /// query asserts: a core of them is a core of the query.
    func explainItems() throws -> [(ExplainItem, [Z3Term])] {
        let assertions = try query()
        var known: [UInt32: ExplainItem] = [:]
        /// The replacement of each replaceable assertion, by its term id.
        var replacements: [UInt32: [(ExplainItem, Z3Term)]] = [:]
        for index in paths.indices {
            let path = paths[index]
            let generation = generations[lemma.paths[index].render]
            known[path.length.ge(context.int(0)).astID] = .structure(.lengths)
            known[try forEachStep(of: path) { i in try self.wellFormed(path.step(at: i)) }.astID] = .structure(.wellFormedSteps)
            for axiom in leafTypeAxioms(of: path) { known[axiom.astID] = .structure(.leafType) }
            for axiom in try contentTypeAxioms(of: path) { known[axiom.astID] = .structure(.contentTypes) }
            let element = try forEachStep(of: path) { i in
                path.element(at: i).eq(try self.rules.element(of: path.step(at: i), generation: generation))
            }
            replacements[element.astID] = try StepKind.allCases.map { kind in
                let axiom = try forEachStep(of: path) { i in
                    let step = path.step(at: i)
                    let value = try self.rules.elements(of: step, generation: generation).first { $0.0 == kind }
                    guard let value else { throw EncodingError.undecodable("no rule for \(kind)") }
                    return self.vocabulary.isStep(kind, step).implies(path.element(at: i).eq(value.1))
                }
                return (.element(kind), axiom)
            }
        }
        for constraint in try programConstraints() { known[constraint.astID] = .structure(.oneProgram) }
        for constraint in try oneTreeConstraints() { known[constraint.astID] = .structure(.oneRender) }
        if lemma.readsStore {
            for constraint in try lifecycleConstraints() { known[constraint.astID] = .store }
        }
        for axiom in addressAxioms { known[axiom.astID] = .structure(.addresses) }
        replacements[try encode(lemma.statement).not().astID] =
            try lemma.assumptions.enumerated().map { (.assumption($0.offset), try encode($0.element)) }
            + [(.conclusion, try encode(lemma.conclusion).not())]

        var items: [ExplainItem: [Z3Term]] = [:]
        for assertion in assertions {
            if let parts = replacements[assertion.astID] {
                for (item, part) in parts { items[item, default: []].append(part) }
            } else {
                items[known[assertion.astID] ?? .structure(.other), default: []].append(assertion)
            }
        }
        return items.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
