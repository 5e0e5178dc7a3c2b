extension Render {
    /// Every stateful leaf of the render, in source order, with identities under `rules` for the
    /// render with serial number `generation`.
    public func statefulPaths(rules: RuleSet, generation: Int) -> [ViewPath] {
        var walker = PathWalker(rules: rules, generation: generation)
        walker.walk(self)
        return walker.paths
    }

    /// Every rendered `ForEach`, with its identity under `rules`.
    public func forEachInstances(rules: RuleSet, generation: Int) -> [ForEachInstance] {
        statefulPathsAndForEaches(rules: rules, generation: generation).forEaches
    }

    /// `statefulPaths` and `forEachInstances` from one walk of the tree.
    public func statefulPathsAndForEaches(rules: RuleSet, generation: Int) -> (paths: [ViewPath], forEaches: [ForEachInstance]) {
        let walk = walked(rules: rules, generation: generation)
        return (walk.paths, walk.forEaches)
    }

    /// One walk of the tree: its stateful paths, its `ForEach`es and the identities of the lazy
    /// containers it renders (whose item caches live while they are rendered, R7).
    public func walked(rules: RuleSet, generation: Int) -> RenderWalk {
        var walker = PathWalker(rules: rules, generation: generation)
        walker.walk(self)
        return RenderWalk(
            paths: walker.paths, forEaches: walker.forEaches, lazyContainers: walker.lazyContainers,
            containers: walker.containers, identities: Set(walker.paths.map(\.identity)))
    }
}

/// What one walk of a render finds.
public struct RenderWalk: Sendable {
    /// The stateful leaves, in source order.
    public var paths: [ViewPath]
    /// The rendered `ForEach`es.
    public var forEaches: [ForEachInstance]
    /// The identities of the rendered lazy containers (the identity their content gets).
    public var lazyContainers: Set<Identity>
    /// The identities of every rendered container, of any kind (the identity its content gets).
    public var containers: Set<Identity>
    /// The identities of `paths`.
    public var identities: Set<Identity>
}

/// The tree walk that computes paths and identities: identity(child) = identity(parent) + element.
struct PathWalker {
    let rules: RuleSet
    let generation: Int
    var paths: [ViewPath] = []
    var forEaches: [ForEachInstance] = []
    var lazyContainers: Set<Identity> = []
    var containers: Set<Identity> = []
    private var containerStack: [Identity] = []
    private var containerLinks: [ContainerLink] = []
    private var steps: [PathStep] = []
    private var address: [Int] = []
    private var identity = Identity([])
    private var rowKeys: [Key] = []

    init(rules: RuleSet, generation: Int) {
        self.rules = rules
        self.generation = generation
    }

    mutating func walk(_ render: Render) {
        switch render {
        case .leaf: return
        case let .stateful(type, initialValue, label):
            let fullLabel = label.map { rowKeys.reduce($0) { "\($0)[\($1.description)]" } }
            paths.append(
                ViewPath(
                    steps: steps, leafType: type, initial: initialValue, label: fullLabel, address: address,
                    identity: identity.appending(.type(type)), lazyContainer: containerStack.first,
                    containers: containerLinks))
        case .tuple(let children):
            var presentBefore = 0
            for (slot, child) in children.enumerated() {
                descend(.tuple(slot: slot, presentBefore: presentBefore), addressIndex: presentBefore, into: child)
                if child.isPresent { presentBefore += 1 }
            }
        case let .conditional(arm, active, _, readsTwice, transient):
            descend(.conditional(arm: arm, readsTwice: readsTwice, transient: transient), into: active)
        case let .optional(_, content):
            if let content { descend(.optional, into: content) }
        case let .forEach(source, _, rows):
            forEaches.append(ForEachInstance(identity: identity, source: source, keys: rows.map(\.key)))
            for (offset, row) in rows.enumerated() {
                rowKeys.append(row.key)
                descend(.forEach(source: source, key: row.key, offset: offset), addressIndex: offset, into: row.content)
                rowKeys.removeLast()
            }
        case let .explicitID(id, content): descend(.explicitID(id), into: content)
        case let .modified(content, modifier, value): descend(.modified(modifier, value: value), into: content)
        case .anyView(let content):
            if rules.r5UnwrapsAnyView(erased: content.staticType) { return walk(content) }
            descend(.anyView(erased: content.staticType), into: content)
        case let .container(kind, content):
            let inside = rules.childIdentity(of: identity, through: .container(kind), generation: generation)
            let retains = rules.r7RetainingContainer(kind)
            containers.insert(inside)
            containerLinks.append(ContainerLink(identity: inside, kind: kind))
            if retains {
                lazyContainers.insert(inside)
                containerStack.append(inside)
            }
            descend(.container(kind), into: content)
            if retains { containerStack.removeLast() }
            containerLinks.removeLast()
        }
    }

    private mutating func descend(_ step: PathStep, addressIndex: Int? = nil, into child: Render) {
        let saved = identity
        identity = rules.childIdentity(of: identity, through: step, generation: generation)
        steps.append(step)
        if let addressIndex { address.append(addressIndex) }
        walk(child)
        if addressIndex != nil { address.removeLast() }
        steps.removeLast()
        identity = saved
    }
}
