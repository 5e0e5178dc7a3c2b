/// Whether the changes of an environment key reaching a lemma's views over several renders are ones
/// a tree gives, and the values such a tree gives (docs/invalidation.md, I10 "Through a parent
/// across renders"). The value reaching a path whose parent is none of the lemma's is free (a write
/// above it, or none). The value reaching a child is its parent's unless a write in the parent's
/// body overrides it. A modifier is part of its view's type, so the override is there or not for
/// the whole life of the child's identity (`.transformEnvironment`, which could toggle it, is not in
/// the language); its value changes only where the parent's body ran, since a body that did not run
/// keeps its write. The rows of one `ForEach` (`rowOf`) are made by its one content closure, whose
/// modifiers are part of the content's type: an override is on every row of it or on none (its value
/// may differ from row to row), so its rows share one choice, which may change only where none of
/// them survived (FINDINGS.md 76). The values are otherwise free, so the changes are a tree's iff some
/// choice of an override present or not per child identity (per `ForEach` for rows) makes the
/// equalities and disequalities they state consistent (equality over an infinite domain: consistent iff no disequality joins two values that
/// the equalities merge).
package struct EnvironmentReach: Sendable {
    /// The most choices of an override the search tries (2 to this power); a lemma needing more
    /// has its trees refused, never assumed.
    package static let maximumChoices = 16

    /// Per key a tree gives, per path, per render, the value reaching that path: numbered from 0 in
    /// each tree of paths (parents first), distinct values apart, so a child without an override has
    /// its parent's value; one with an override has the override's, which the changes may make equal
    /// to its parent's at a render (FINDINGS.md 75: `overridden` says where a write stands).
    package let values: [Int: [[Int]]]
    /// Per key a tree gives, per path, per render, whether the parent's body writes an override of
    /// it on that path (never on a path whose parent is none of the lemma's).
    package let overridden: [Int: [[Bool]]]
    /// The first key (of `keys`) whose changes no tree gives, or `nil`.
    package let unrealizableKey: Int?
    /// Per path, the keys reaching it that its trees hold: each key it or a path below it names,
    /// and each key its parent's write overrides on it, which neither may name, so that the write
    /// is printed on it (FINDINGS.md 69).
    package let reaching: [Set<Int>]

    /// `changes[path][transition]` holds the keys whose value reaching `path` changed in that
    /// transition, `parents[path]` the path whose body makes `path`, `ran[path][transition]` whether
    /// `path`'s body ran and `survives[path][transition]` whether `path`'s identity survived it (a
    /// path not surviving may get a fresh choice; `nil`: every identity survives, which gives a
    /// subset of the trees). `named[path]`: the keys `path` names (declares, or whose value
    /// changes; by default the ones that change). `rows`: the paths that are rows of their parent's
    /// `ForEach`, which share one choice per parent.
    package init(
        changes: [[Set<Int>]], parents: [Int?], ran: [[Bool]], survives: [[Bool]]? = nil, keys: [Int], named: [Set<Int>]? = nil,
        rows: Set<Int> = []
    ) {
        var values: [Int: [[Int]]] = [:]
        var overridden: [Int: [[Bool]]] = [:]
        var unrealizable: Int?
        for key in keys {
            if let reach = Self.reach(key: key, changes: changes, parents: parents, ran: ran, survives: survives, rows: rows) {
                values[key] = reach.values
                overridden[key] = reach.overridden
            } else if unrealizable == nil {
                unrealizable = key
            }
        }
        self.values = values
        self.overridden = overridden
        unrealizableKey = unrealizable
        let named = named ?? changes.map { $0.reduce(into: Set<Int>()) { $0.formUnion($1) } }
        var reaching = named
        for path in parents.indices {
            var above = parents[path]
            while let ancestor = above {
                reaching[ancestor].formUnion(named[path])
                above = parents[ancestor]
            }
            reaching[path].formUnion(overridden.compactMap { $0.value[path].contains(true) ? $0.key : nil })
        }
        self.reaching = reaching
    }

    /// The reach of `links` (one per transition per path) below `parents`: each parent's run is
    /// its children's `parentEvaluated`, each path's survival its links', its rows the paths whose links are a row's.
    package init(links: [[ViewLink]], parents: [Int?]) {
        // No key named: nothing reaches any path (what the general case gives, without its sets).
        guard links.contains(where: { $0.contains { !$0.declaredKeys.isEmpty || !$0.keyChanges.isEmpty } }) else {
            self.init(reachingNothing: links.count)
            return
        }
        let transitions = links.first?.count ?? 0
        let ran = parents.indices.map { path in
            (0..<transitions).map { transition in
                parents.indices.contains { parents[$0] == path && links[$0][transition].parentEvaluated }
            }
        }
        let named = links.map { $0.reduce(into: Set<Int>()) { $0.formUnion($1.declaredKeys.union($1.keyChanges)) } }
        self.init(
            changes: links.map { $0.map(\.keyChanges) }, parents: parents, ran: ran, survives: links.map { $0.map(\.survives) },
            keys: named.reduce(into: Set<Int>()) { $0.formUnion($1) }.sorted(), named: named,
            rows: Set(links.indices.filter { links[$0].first?.row != nil }))
    }

    /// No key reaching any of `paths` paths.
    private init(reachingNothing paths: Int) {
        values = [:]
        overridden = [:]
        unrealizableKey = nil
        reaching = Array(repeating: [], count: paths)
    }

    /// The first key (of `keys`) whose changes no tree gives, or `nil` (`init`'s arguments).
    package static func unrealizableKey(
        changes: [[Set<Int>]], parents: [Int?], ran: [[Bool]], survives: [[Bool]]? = nil, keys: [Int]
    ) -> Int? {
        EnvironmentReach(changes: changes, parents: parents, ran: ran, survives: survives, keys: keys).unrealizableKey
    }

    /// The values and overrides of the first choice (fewest overrides first) that realizes `key`'s
    /// changes, or `nil` (also beyond `maximumChoices`).
    private static func reach(
        key: Int, changes: [[Set<Int>]], parents: [Int?], ran: [[Bool]], survives: [[Bool]]?, rows: Set<Int>
    ) -> (values: [[Int]], overridden: [[Bool]])? {
        let transitions = changes.first?.count ?? 0
        let renders = transitions + 1
        // Per child, the choice of each render: a new one begins where its identity did not survive;
        // the rows of one parent share theirs, a new one where none of them survived.
        let children = parents.indices.filter { parents[$0] != nil }
        var identities: [Int: [Int]] = [:]
        var choices = 0
        for child in children where identities[child] == nil {
            let sharing = rows.contains(child) ? children.filter { rows.contains($0) && parents[$0] == parents[child] } : [child]
            var identity = [choices]
            for transition in 0..<transitions {
                if let survives, sharing.allSatisfy({ !survives[$0][transition] }) { choices += 1 }
                identity.append(choices)
            }
            for path in sharing { identities[path] = identity }
            choices += 1
        }
        guard choices <= maximumChoices else { return nil }
        // A value per path and render, then an override's value per path and render.
        func value(_ path: Int, _ render: Int) -> Int { path * renders + render }
        func override(_ path: Int, _ render: Int) -> Int { (parents.count + path) * renders + render }
        var differ: [(Int, Int)] = []
        var same: [(Int, Int)] = []
        for path in parents.indices {
            for transition in 0..<transitions {
                let pair = (value(path, transition), value(path, transition + 1))
                if changes[path][transition].contains(key) { differ.append(pair) } else { same.append(pair) }
            }
        }
        for child in children {
            for transition in 0..<transitions where !ran[parents[child]!][transition] {
                same.append((override(child, transition), override(child, transition + 1)))
            }
        }
        for choice in 0..<(1 << choices) {
            func isOverridden(_ path: Int, _ render: Int) -> Bool {
                identities[path].map { choice & (1 << $0[render]) != 0 } ?? false
            }
            var classes = UnionFind(count: 2 * parents.count * renders)
            for (a, b) in same { classes.merge(a, b) }
            for child in children {
                for render in 0..<renders {
                    classes.merge(value(child, render), isOverridden(child, render) ? override(child, render) : value(parents[child]!, render))
                }
            }
            guard differ.allSatisfy({ classes.find($0.0) != classes.find($0.1) }) else { continue }
            // Number the classes per tree, parents first, so that distinct classes of a tree differ.
            var values = parents.map { _ in [Int](repeating: 0, count: renders) }
            func preorder(_ path: Int) -> [Int] { [path] + parents.indices.filter { parents[$0] == path }.flatMap(preorder) }
            for root in parents.indices where parents[root] == nil {
                var numbers: [Int: Int] = [:]
                for path in preorder(root) {
                    for render in 0..<renders {
                        let representative = classes.find(value(path, render))
                        if numbers[representative] == nil { numbers[representative] = numbers.count }
                        values[path][render] = numbers[representative]!
                    }
                }
            }
            return (values, parents.indices.map { path in (0..<renders).map { isOverridden(path, $0) } })
        }
        return nil
    }
}

/// Classes of `0..<count` under the equalities merged so far.
private struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ element: Int) -> Int {
        var root = element
        while parent[root] != root { root = parent[root] }
        parent[element] = root
        return root
    }

    mutating func merge(_ a: Int, _ b: Int) { parent[find(a)] = find(b) }
}
