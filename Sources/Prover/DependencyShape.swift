import IdentityModel
import Invalidation
import LemmaLogic

/// What decides the candidate views the checker enumerates for a lemma naming `@Observable`
/// properties, environment keys, objects or a state object (`InvalidationBoundedRoute.runDependencies`):
/// how many unrelated views it binds and how many atoms of each kind it names.
struct DependencyShape: Hashable, Sendable {
    /// Unrelated views the lemma binds: 1 or 2.
    var views: Int
    var properties: Int
    var keys: Int
    var objects: Int
    var stateObject: Bool
    /// Whether the lemma names what a body reads when it runs (`bodyReads`).
    var reads: Bool

    /// The lemma's shape.
    init(_ lemma: InvalidationLemmaSpec) {
        views = lemma.paths.count
        properties = lemma.observableProperties.count
        keys = lemma.environmentKeys.count
        objects = lemma.objects.count
        stateObject = lemma.namesStateObject
        reads = lemma.namesBodyReads
    }

    /// The atoms' names in all (a state object is one).
    var names: Int { properties + keys + objects + (stateObject ? 1 : 0) }

    /// The links of one view before the atoms are assigned: one view of 0 or 1 property, or,
    /// for two, `InvalidationBoundedRoute.pairBases`.
    var bases: [ViewLink] { views == 1 ? Self.oneViewBases : InvalidationBoundedRoute.pairBases }

    /// The links of `InvalidationBoundedRoute.links` with at most one property, of `secondPropertyPairs`.
    private static let oneViewBases = InvalidationBoundedRoute.links.filter {
        $0.new.count <= 1 && ($0.new.isEmpty || InvalidationBoundedRoute.isSecondPropertyPair($0))
    }

    /// Every assignment of one view's own atoms.
    var ownAssignments: [(ViewLink) -> ViewLink] {
        InvalidationBoundedRoute.ownAssignments(properties: properties, reads: reads, keys: keys, objects: objects, stateObject: stateObject)
    }

    /// Every assignment of what all views see alike.
    var sharedAssignments: [(ViewLink) -> ViewLink] {
        InvalidationBoundedRoute.sharedAssignments(properties: properties, objects: objects)
    }

    /// The candidates of one view: every base with every own assignment, in this order.
    var perView: [ViewLink] {
        let own = ownAssignments
        return bases.flatMap { base in own.map { $0(base) } }
    }

    /// Candidate tuples of views: one per shared assignment and choice of a candidate per view.
    var total: Int {
        let perView = bases.count * ownAssignments.count
        return (0..<views).reduce(sharedAssignments.count) { total, _ in total * perView }
    }
}
