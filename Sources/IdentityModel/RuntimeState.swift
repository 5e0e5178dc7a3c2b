/// The dynamic layer: the current render, the state store keyed by identity, retained items and
/// the lifecycle log, changed by `render` and `mutateState` actions.
public struct RuntimeState: Sendable {
    /// The rules identities and lifecycles follow.
    public let rules: RuleSet
    /// The current render, `nil` before the first.
    public private(set) var render: Render?
    /// The serial number of the current render (the first render is 0).
    public private(set) var generation = -1
    /// The stateful views of the current render.
    public private(set) var paths: [ViewPath] = []
    /// Every allocated state, rendered or retained.
    public private(set) var store: [Identity: StateCell] = [:]
    /// Every lifecycle event so far, oldest first; always empty when `keepsLog` is false.
    public private(set) var log: [LifecycleEvent] = []
    /// Whether renders record their lifecycle events in `log`. The states, the views and their
    /// outcomes are the same either way: the checker's walk, which reads only those, keeps no log.
    public let keepsLog: Bool
    private var forEaches: [ForEachInstance] = []
    /// The identities of `paths`, kept from their render's walk.
    private var identities: Set<Identity> = []

    /// A runtime that has rendered nothing yet, keeping the lifecycle log unless `keepsLog` is false.
    public init(rules: RuleSet, keepsLog: Bool = true) {
        self.rules = rules
        self.keepsLog = keepsLog
    }

    /// Applies one action; a render returns its report.
    @discardableResult
    public mutating func apply(_ action: Action) throws -> RenderReport? {
        switch action {
        case .render(let next): return try render(next)
        case let .mutateState(target, value):
            try mutateState(target, to: value)
            return nil
        }
    }

    /// Evaluates the body again, producing `next`.
    ///
    /// - Throws: `RuntimeError.undefinedBehaviour` for duplicate `ForEach` keys, a constant range
    ///   whose row count changed, or two views with one identity; the state is then unchanged.
    public mutating func render(_ next: Render) throws -> RenderReport {
        try render(next, walked: next.walked(rules: rules, generation: generation + 1))
    }

    /// `render(next)` with `next`'s walk given: `walk` must be `next.walked(rules: rules,
    /// generation: generation + 1)` (for a caller that renders one render after many states).
    public mutating func render(_ next: Render, walked walk: RenderWalk) throws -> RenderReport {
        let nextGeneration = generation + 1
        let (nextPaths, nextForEaches) = (walk.paths, walk.forEaches)
        try checkDefined(walk)

        let current = identities
        let kept = walk.identities
        var events: [LifecycleEvent] = []
        func record(_ kind: LifecycleEvent.Kind, _ path: ViewPath) {
            if keepsLog { events.append(event(kind, path, nextGeneration)) }
        }
        var views: [ViewOutcome] = []
        views.reserveCapacity(nextPaths.count)
        for path in nextPaths {
            let outcome: Outcome
            let existing = store[path.identity]
            if current.contains(path.identity) {
                outcome = .survives
            } else if existing != nil {
                outcome = .revived
                record(.revive, path)
                record(.appear, path)
            } else {
                outcome = hadPlace(of: path) ? .resets : .appears
                record(.initialize, path)
                record(.appear, path)
            }
            let value = rules.r1AllocateOnce(existing: existing?.value, initialValue: path.initial)
            store[path.identity] = StateCell(
                value: value, isRetained: false, isUnderLazyContainer: path.isUnderLazyContainer,
                lazyContainer: path.lazyContainer)
            views.append(ViewOutcome(path: path, outcome: outcome, value: value))
        }
        // A retained state lives in a lazy container's item cache, inside the removed subtree an
        // outer lazy container may hold in turn: when its outermost lazy container is not rendered
        // any more, no cache holds it and the state goes.
        func cacheSurvives(_ container: Identity?) -> Bool { container.map(walk.lazyContainers.contains) ?? true }
        let torn = store.filter { $0.value.isRetained && !kept.contains($0.key) && !cacheSurvives($0.value.lazyContainer) }
        for identity in torn.keys { store[identity] = nil }
        if keepsLog {
            for identity in torn.keys.sorted(by: { $0.description < $1.description }) {
                events.append(LifecycleEvent(kind: .destroy, identity: identity, label: nil, generation: nextGeneration))
            }
        }
        for path in paths where !kept.contains(path.identity) {
            record(.disappear, path)
            // The innermost container still rendered that owns its list is the one whose list held
            // the removed item (a `Group`'s elements are its parent list's).
            let holder = path.containers.last { walk.containers.contains($0.identity) && rules.r7OwnsItsList($0.kind) }
            if rules.r7LazyRetention(isUnderLazyContainer: path.isUnderLazyContainer), cacheSurvives(path.lazyContainer),
                rules.r7HoldsItem(innermostRenderedContainer: holder?.kind)
            {
                store[path.identity]?.isRetained = true
            } else {
                store[path.identity] = nil
                record(.destroy, path)
            }
        }
        let nextLabels = Set(nextPaths.compactMap(\.label))
        let removed = paths.compactMap(\.label).filter { !nextLabels.contains($0) }

        render = next
        generation = nextGeneration
        paths = nextPaths
        identities = kept
        forEaches = nextForEaches
        if keepsLog { log += events }
        return RenderReport(generation: nextGeneration, views: views, removed: removed)
    }

    /// Sets the state of a view of the current render.
    public mutating func mutateState(_ target: StateTarget, to value: Int) throws {
        guard let path = paths.first(where: { matches($0, target) }) else { throw RuntimeError.unknownTarget(target) }
        store[path.identity]?.value = value
    }

    /// The value held by the view labelled `label` in the current render.
    public func value(of label: String) -> Int? {
        paths.first { $0.label == label }.flatMap { store[$0.identity]?.value }
    }

    private func matches(_ path: ViewPath, _ target: StateTarget) -> Bool {
        switch target {
        case .label(let label): return path.label == label
        case .identity(let identity): return path.identity == identity
        }
    }

    /// Whether the previous render had this view: the same label, or the same address and type.
    private func hadPlace(of path: ViewPath) -> Bool {
        paths.contains { ($0.label != nil && $0.label == path.label) || $0.hasSameAddress(as: path) }
    }

    private func event(_ kind: LifecycleEvent.Kind, _ path: ViewPath, _ generation: Int) -> LifecycleEvent {
        LifecycleEvent(kind: kind, identity: path.identity, label: path.label, generation: generation)
    }

    private func checkDefined(_ walk: RenderWalk) throws {
        if let undefined = Self.undefinedBehaviour(of: walk, previousForEaches: forEaches, rules: rules) {
            throw RuntimeError.undefinedBehaviour(undefined)
        }
    }

    /// The undefined behaviour of a render walked as `walk` (its stateful paths and `ForEach`
    /// instances), after a render with `previousForEaches`: duplicate `ForEach` keys, a constant
    /// range whose row count changed, or two views with one identity (the first and last are merged
    /// silently under the mutant `duplicateKeysMerged`). `nil` when the render is defined. Used by
    /// the dynamic layer and, without a store, by the checker's tree walk.
    public static func undefinedBehaviour(
        of walk: RenderWalk, previousForEaches: [ForEachInstance], rules: RuleSet
    ) -> UndefinedBehaviour? {
        let merges = rules.mutation == .duplicateKeysMerged
        for instance in walk.forEaches {
            let duplicates = instance.duplicateKeys
            if !duplicates.isEmpty, !merges {
                return UndefinedBehaviour(
                    kind: .duplicateForEachKeys,
                    message: "ForEach at \(instance.identity) repeats key(s) " + duplicates.map(\.description).joined(separator: ", "))
            }
            if instance.source == .constantRange,
                let previous = previousForEaches.first(where: { $0.identity == instance.identity && $0.source == .constantRange }),
                previous.keys.count != instance.keys.count
            {
                return UndefinedBehaviour(
                    kind: .constantRangeCountChanged,
                    message: "ForEach(0..<n) at \(instance.identity) changed from \(previous.keys.count) to "
                        + "\(instance.keys.count) rows")
            }
        }
        // The walk's identities hold each path's once: as many as paths, no two paths share one.
        guard walk.identities.count != walk.paths.count else { return nil }
        var seen = Set<Identity>()
        for path in walk.paths where !seen.insert(path.identity).inserted && !merges {
            return UndefinedBehaviour(kind: .duplicateIdentity, message: "two views have identity \(path.identity)")
        }
        return nil
    }
}
