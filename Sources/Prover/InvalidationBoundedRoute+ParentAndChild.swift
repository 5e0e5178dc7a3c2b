import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// The child histories the parent-and-child walks over several renders enumerate below
    /// `parent`, whose body ran as `ran` says at each transition, before the walk's own atoms:
    /// every survival a tree gives at each transition, with no property or a plain value changed
    /// at every transition where the parent ran (survivals first, then values).
    static func childHistories(below parent: [ViewLink], ran: [Bool]) -> [[ViewLink]] {
        let transitions = parent.count
        // A child of a new parent is new (R1); one its parent did not reach keeps its identity and values (I9).
        let survivals = sequences(transitions) { transition in
            ran[transition] ? (parent[transition].survives ? [true, false] : [false]) : [true]
        }
        // No property, or a plain value changed at every transition where the parent ran.
        let runs = ran.reduce(into: [0]) { $0.append($0.last! + ($1 ? 1 : 0)) }
        let values: [[PropertyValue]] = runs.last! > 0 ? [[], runs.map { .plain($0) }] : [[]]
        return survivals.flatMap { survives in
            values.map { value in
                (0..<transitions).map { transition in
                    ViewLink(
                        survives: survives[transition], parentEvaluated: ran[transition],
                        old: value.isEmpty ? [] : [value[transition]], new: value.isEmpty ? [] : [value[transition + 1]])
                }
            }
        }
    }
}
