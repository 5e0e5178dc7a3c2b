import IdentityModel

extension ViewNode {
    /// The objects a view of this tree observes (I11): an `@ObservedObject` or `@StateObject`
    /// holding `model(n)`, and an `.environmentObject(model(n) as T)` written on a path, which an
    /// `@EnvironmentObject` below finds. A scenario's `send model(n)` of another object is
    /// `unobserved` (E094 otherwise), and a printed tree says so.
    package var observedObjects: Set<Int> {
        var objects = Set<Int>()
        for node in preorder {
            for case .modified(let modifier, let value) in node.steps where modifier.environmentObjectType != nil { objects.insert(value) }
            for property in node.value.properties { if case .observed(let object) = property.value { objects.insert(object) } }
        }
        return objects
    }
}
