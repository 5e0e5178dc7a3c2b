import LemmaLogic

/// The conjuncts of an invalidation lemma's assumptions that read its views' links alone (values,
/// flags, dependency atoms), never what the trees did (`evaluated`, `parentEvaluated`,
/// `survives`), so that the checker can evaluate them before it builds a candidate's trees. A
/// candidate on which one of them is false falsifies the assumptions whatever its trees do: the
/// lemma holds on it vacuously, so leaving it out can hide no counterexample, and the first
/// counterexample in the enumeration's order is the same (as the identity checker's early cut,
/// `BoundedRoute.LemmaCheck`).
struct LinkAssumptions {
    let conjuncts: [InvalidationFormula]
    /// The conjuncts that read no tracking after the first transition, the one field
    /// `ViewChainTrees.carrying` changes: on a history before its carry, each has the value
    /// it has after.
    let carryFree: [InvalidationFormula]
    /// The conjuncts that read no tracking and no body reads at all (`tracks`, `bodyReads`): each
    /// has one value over histories that differ only there, as the parent-tracking walks'
    /// candidates of one placement do (`TrackingPlacements`). A part of `carryFree`.
    let trackingFree: [InvalidationFormula]

    init(_ lemma: InvalidationLemmaSpec) {
        func flattened(_ formula: InvalidationFormula) -> [InvalidationFormula] {
            if case .and(let parts) = formula { return parts.flatMap(flattened) }
            return [formula]
        }
        conjuncts = lemma.assumptions.flatMap(flattened).filter(Self.readsLinksOnly)
        carryFree = conjuncts.filter { !Self.readsCarriedTracking($0) }
        trackingFree = conjuncts.filter { !Self.readsTrackingOrReads($0) }
    }

    /// Whether `links` (one per path, over one transition) falsify a conjunct.
    func exclude(_ links: [ViewLink]) -> Bool {
        exclude(histories: links.map { [$0] })
    }

    /// Whether `histories` (per path, one link per transition, each tracking already the one the
    /// trees give, `ViewChainTrees.carrying`) falsify a conjunct.
    func exclude(histories: [[ViewLink]]) -> Bool {
        guard !conjuncts.isEmpty else { return false }
        // No conjunct reads an observation (`readsLinksOnly`), so none is given.
        let evaluator = InvalidationEvaluator(histories: histories, observations: [])
        return conjuncts.contains { !evaluator.holds($0) }
    }

    /// Whether `histories`, before `ViewChainTrees.carrying`, falsify a conjunct the carry
    /// cannot change (`carryFree`): then `exclude(histories:)` is true of the carried histories, so
    /// the checker need not carry them (the trees that carry costs) to leave them out.
    func excludeBeforeCarrying(histories: [[ViewLink]]) -> Bool {
        guard !carryFree.isEmpty else { return false }
        let evaluator = InvalidationEvaluator(histories: histories, observations: [])
        return carryFree.contains { !evaluator.holds($0) }
    }

    /// Whether `histories` falsify a conjunct that reads no tracking and no reads (`trackingFree`):
    /// then every history differing from them only in its trackings and reads falsifies it, and
    /// `excludeBeforeCarrying` is true of each.
    func excludeWhateverTracking(histories: [[ViewLink]]) -> Bool {
        guard !trackingFree.isEmpty else { return false }
        let evaluator = InvalidationEvaluator(histories: histories, observations: [])
        return trackingFree.contains { !evaluator.holds($0) }
    }

    /// Whether `formula` reads a tracking or what a body reads (`tracks`, `bodyReads`) at any
    /// transition. Exhaustive, so that a new atom is decided here.
    static func readsTrackingOrReads(_ formula: InvalidationFormula) -> Bool {
        switch formula {
        case .tracks, .bodyReads: return true
        case .constant, .compare, .evaluated, .parentEvaluated, .survives, .propertyChanged, .declaresKey, .environmentChanged,
            .holdsBinding, .observesObject, .findsObject, .objectSent, .holdsStateObject, .initialiserChanged, .keepsStateObject,
            .keyKept, .moved, .revived:
            return false
        case .not(let body), .exists(_, _, let body), .forall(_, _, let body): return readsTrackingOrReads(body)
        case .and(let parts), .or(let parts): return parts.contains(where: readsTrackingOrReads)
        case .implies(let lhs, let rhs): return readsTrackingOrReads(lhs) || readsTrackingOrReads(rhs)
        }
    }

    /// Whether `formula` reads a tracking after the first transition (`tracks` at a later one),
    /// which the carry derives from the trees. Exhaustive, so that a new atom is decided here.
    static func readsCarriedTracking(_ formula: InvalidationFormula) -> Bool {
        switch formula {
        case .tracks(_, _, let transition): return transition > 0
        case .constant, .compare, .evaluated, .parentEvaluated, .survives, .bodyReads, .propertyChanged, .declaresKey,
            .environmentChanged, .holdsBinding, .observesObject, .findsObject, .objectSent, .holdsStateObject, .initialiserChanged,
            .keepsStateObject, .keyKept, .moved, .revived:
            return false
        case .not(let body), .exists(_, _, let body), .forall(_, _, let body): return readsCarriedTracking(body)
        case .and(let parts), .or(let parts): return parts.contains(where: readsCarriedTracking)
        case .implies(let lhs, let rhs): return readsCarriedTracking(lhs) || readsCarriedTracking(rhs)
        }
    }

    /// Whether `InvalidationEvaluator` reads only links (`histories`) to evaluate `formula`.
    /// Exhaustive, so that a new atom is decided here.
    static func readsLinksOnly(_ formula: InvalidationFormula) -> Bool {
        switch formula {
        case .evaluated, .parentEvaluated, .survives: return false
        case .constant, .compare, .tracks, .bodyReads, .propertyChanged, .declaresKey, .environmentChanged, .holdsBinding, .observesObject,
            .findsObject, .objectSent, .holdsStateObject, .initialiserChanged, .keepsStateObject, .keyKept, .moved, .revived:
            return true
        case .not(let body), .exists(_, _, let body), .forall(_, _, let body): return readsLinksOnly(body)
        case .and(let parts), .or(let parts): return parts.allSatisfy(readsLinksOnly)
        case .implies(let lhs, let rhs): return readsLinksOnly(lhs) && readsLinksOnly(rhs)
        }
    }
}
