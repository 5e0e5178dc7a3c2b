/// Whether the changes of an environment key reaching a lemma's views over several renders are ones
/// a tree gives (docs/invalidation.md, I10 "Through a parent"). The value reaching a path whose
/// parent is none of the lemma's is free (a write above it, or none). The value reaching a child
/// is its parent's unless a write in the parent's body overrides it, and a body that did not run
/// keeps its write: whether it is there, and its value. So over a run of transitions where the
/// parent's body did not run, a child with no override changes exactly when its parent does, and
/// one with an override does not change at all. The values are otherwise free, so the changes are
/// a tree's iff some choice of overrides, one per child and stretch between the parent's runs,
/// makes the equalities and disequalities they state consistent (equality over an infinite domain:
/// consistent iff no disequality joins two values that the equalities merge).
package enum EnvironmentReach {
    /// The most choices of an override the search tries (2 to this power); a lemma needing more
    /// has its trees refused, never assumed.
    package static let maximumChoices = 16

    /// The first key (of `keys`) whose changes no tree gives, or `nil`. `changes[path][transition]`
    /// holds the keys whose value reaching `path` changed in that transition, `parents[path]` the
    /// path whose body makes `path`, and `ran[path][transition]` whether `path`'s body ran.
    package static func unrealizableKey(changes: [[Set<Int>]], parents: [Int?], ran: [[Bool]], keys: [Int]) -> Int? {
        keys.first { !realizable(key: $0, changes: changes, parents: parents, ran: ran) }
    }

    /// Whether some choice of overrides realizes `key`'s changes (`false` beyond `maximumChoices`).
    static func realizable(key: Int, changes: [[Set<Int>]], parents: [Int?], ran: [[Bool]]) -> Bool {
        values(key: key, changes: changes, parents: parents, ran: ran) != nil
    }

    /// Values of `key` reaching each path at each render (numbered from 0 in order of first use)
    /// under a choice of overrides that realizes its changes, or `nil` when none does. The choices
    /// are tried counting down from every override present, so that where an override can stand it
    /// holds a value of its own over its whole stretch, and the printed trees write it at every
    /// render of the stretch, not only where it differs from its parent's value (FINDINGS.md 67).
    package static func values(key: Int, changes: [[Set<Int>]], parents: [Int?], ran: [[Bool]]) -> [[Int]]? {
        let transitions = changes.first?.count ?? 0
        let renders = transitions + 1
        // Per child, the stretch of each render: a new stretch begins where its parent's body ran.
        let children = parents.indices.filter { parents[$0] != nil }
        var stretches: [Int: [Int]] = [:]
        var choices = 0
        for child in children {
            let parent = parents[child]!
            var stretch = [choices]
            for transition in 0..<transitions {
                if ran[parent][transition] { choices += 1 }
                stretch.append(choices)
            }
            stretches[child] = stretch
            choices += 1
        }
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
        guard choices <= maximumChoices else { return nil }
        // Every choice of an override present or not, per stretch.
        for choice in (0..<(1 << choices)).reversed() {
            var classes = UnionFind(count: 2 * parents.count * renders)
            for (a, b) in same { classes.merge(a, b) }
            for child in children {
                for render in 0..<renders {
                    let overridden = choice & (1 << stretches[child]![render]) != 0
                    classes.merge(value(child, render), overridden ? override(child, render) : value(parents[child]!, render))
                }
            }
            guard differ.allSatisfy({ classes.find($0.0) != classes.find($0.1) }) else { continue }
            var numbers: [Int: Int] = [:]
            return parents.indices.map { path in
                (0..<renders).map { render in
                    let root = classes.find(value(path, render))
                    if let number = numbers[root] { return number }
                    numbers[root] = numbers.count
                    return numbers.count - 1
                }
            }
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
