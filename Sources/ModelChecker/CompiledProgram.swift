import IdentityModel

/// One or more programs with every render's stateful leaves and identities interned as bits, so
/// that a transition is a few bit operations.
package final class CompiledProgram: Sendable {
    /// The programs whose renders these are (one, except for arbitrary renders).
    package let programs: [Program]
    /// The rule set identities were computed under.
    package let rules: RuleSet
    /// How many renders there are.
    package let renderCount: Int
    /// Leaves of render `r` are `leaves[leafStart[r] ..< leafStart[r + 1]]`.
    package let leafStart: [Int32]
    /// Every render's leaves, concatenated, in source order.
    package let leaves: [CompiledLeaf]
    /// Per render: the identities it renders.
    package let rendered: [IdentityBits]
    /// Per render: the rendered identities whose initial value is 1.
    package let initialOnes: [IdentityBits]
    /// Identities whose state is kept when their view is removed (R7 unless R9).
    package let retainable: IdentityBits
    /// Identities of views below a lazy container, whatever the rules do with them.
    package let lazilyContained: IdentityBits
    /// Per render: the identities whose outermost lazy container it renders, or that have none, so
    /// that a retained state of theirs survives it (a retained state dies with its container's
    /// item cache).
    package let cacheSurvives: [IdentityBits]
    /// Under `itemLevelRetention`, per render: the identities whose innermost container it still
    /// renders is a retaining one, so that a cache holds the item a removal takes with them (R7);
    /// `nil` when every removed view below a retaining container is held.
    package let itemHeld: [IdentityBits]?
    /// Per render: `(ForEach identity, row count)` of its constant-range `ForEach`es.
    private let constantRanges: [[(Int32, Int32)]]
    /// Per render: `duplicatesIdentity` (two of its views share an identity, possible only under a
    /// rule mutation) and `hasConstantRanges`, so that the common case of a transition is one load.
    private let renderFlags: [UInt8]
    private static let duplicatesIdentity: UInt8 = 1
    private static let hasConstantRanges: UInt8 = 2
    /// How many distinct identities there are.
    package let identityCount: Int
    /// Whether a surviving state is re-initialised (only under the `reReadInitialValue` mutation).
    private let rereadsInitialValue: Bool
    private let enumerator: ProgramEnumerator

    /// Thrown when the renders have more identities than `IdentityBits` holds.
    package struct TooManyIdentities: Error, CustomStringConvertible {
        /// The offending count.
        package var count: Int
        package var description: String { "\(count) identities; at most \(IdentityBits.capacity) fit" }
    }

    /// Compiles every render of `programs` (in `enumerator` order) under `rules`.
    package convenience init(programs: [Program], enumerator: ProgramEnumerator, rules: RuleSet) throws {
        try self.init(programs: programs, enumerator: enumerator, rules: rules, cache: nil)
    }

    /// Compiles every render of `programs` under `rules`, taking the summaries of their parts from
    /// `cache` (which must only ever see `rules`).
    init(programs: [Program], enumerator: ProgramEnumerator, rules: RuleSet, cache: EnumerationCache<RenderSummary>?) throws {
        self.programs = programs
        self.rules = rules
        self.enumerator = enumerator
        let builder = SummaryBuilder(rules: rules)
        var identities = InternTable()
        var addresses = InternTable()
        var forEachIDs = InternTable()
        var containerIDs = InternTable()
        var leafStart: [Int32] = [0]
        var leaves: [CompiledLeaf] = []
        var rendered: [IdentityBits] = []
        var initialOnes: [IdentityBits] = []
        var retainable = IdentityBits.empty
        var lazilyContained = IdentityBits.empty
        var constantRanges: [[(Int32, Int32)]] = []
        var renderFlags: [UInt8] = []
        // Per identity: its outermost lazy container as last seen (-1: one that exists in a single render).
        var containerOf: [Int32?] = []
        // Per identity: the containers that own its lists as last seen, innermost first (`itemLevelRetention`).
        var chainOf: [[Int32]?] = []
        var containerRetains: [Bool] = []
        var renderedContainers: [[Int32]] = []
        for program in programs {
            for summary in enumerator.enumerate(program, builder, cacheBelow: cache) {
                var renderedBits = IdentityBits.empty
                var ones = IdentityBits.empty
                var duplicate = false
                // A fresh container exists in this render only: nothing of another render is in it.
                let containers = summary.containers.map { container -> Int32 in
                    guard !container.fresh else { return -1 }
                    let (id, isNew) = containerIDs.number(of: container.identity)
                    if isNew { containerRetains.append(container.retains) } else { containerRetains[Int(id)] = container.retains }
                    return id
                }
                renderedContainers.append(containers.filter { $0 >= 0 })
                for (index, leaf) in summary.leaves.enumerated() {
                    var bit: Int16 = -1
                    if !leaf.fresh {
                        let (number, isNew) = identities.number(of: leaf.identity)
                        bit = Int16(truncatingIfNeeded: number)
                        if isNew {
                            guard identities.count <= IdentityBits.capacity else { throw TooManyIdentities(count: identities.count) }
                            containerOf.append(nil)
                            chainOf.append(nil)
                            if rules.r7LazyRetention(isUnderLazyContainer: leaf.underLazyContainer) {
                                retainable = retainable | IdentityBits(bit: Int(bit))
                            }
                            if leaf.underLazyContainer { lazilyContained = lazilyContained | IdentityBits(bit: Int(bit)) }
                        }
                        if leaf.container >= 0 { containerOf[Int(bit)] = containers[Int(leaf.container)] }
                        if !summary.chains.isEmpty, !summary.chains[index].isEmpty {
                            chainOf[Int(bit)] = summary.chains[index].map { containers[Int($0)] }
                        }
                        // Under `duplicateKeysMerged` two views with one identity share its state silently.
                        duplicate = duplicate || (renderedBits.contains(Int(bit)) && rules.mutation != .duplicateKeysMerged)
                        renderedBits = renderedBits | IdentityBits(bit: Int(bit))
                        if leaf.initialIsOne { ones = ones | IdentityBits(bit: Int(bit)) }
                    }
                    let address = addresses.number(of: leaf.address).number
                    leaves.append(CompiledLeaf(identity: bit, address: address, initialIsOne: leaf.initialIsOne))
                }
                constantRanges.append(summary.ranges.map { range in (forEachIDs.number(of: range.identity).number, range.count) })
                renderFlags.append(
                    (duplicate ? Self.duplicatesIdentity : 0) | (summary.ranges.isEmpty ? 0 : Self.hasConstantRanges))
                leafStart.append(Int32(leaves.count))
                rendered.append(renderedBits)
                initialOnes.append(ones)
            }
        }
        self.renderCount = rendered.count
        self.leafStart = leafStart
        self.leaves = leaves
        self.rendered = rendered
        self.initialOnes = initialOnes
        self.retainable = retainable
        self.lazilyContained = lazilyContained
        // A retained state survives a render iff it has no lazy container or the render renders it.
        var contained = Array(repeating: IdentityBits.empty, count: containerIDs.count)
        var uncontained = IdentityBits.empty
        for (bit, container) in containerOf.enumerated() {
            if let container {
                if container >= 0 { contained[Int(container)] = contained[Int(container)] | IdentityBits(bit: bit) }
            } else {
                uncontained = uncontained | IdentityBits(bit: bit)
            }
        }
        self.cacheSurvives = renderedContainers.map { $0.reduce(uncontained) { $0 | contained[Int($1)] } }
        self.itemHeld = !rules.itemLevelRetention ? nil : renderedContainers.map { rendered in
            var bits = IdentityBits.empty
            for (bit, chain) in chainOf.enumerated() {
                if let holder = chain?.first(where: rendered.contains), containerRetains[Int(holder)] { bits = bits | IdentityBits(bit: bit) }
            }
            return bits
        }
        self.constantRanges = constantRanges
        self.renderFlags = renderFlags
        self.identityCount = identities.count
        self.rereadsInitialValue = rules.r1AllocateOnce(existing: 1, initialValue: 0) == 0
    }

    /// Every render, rebuilt in enumeration order (for reports; the checker never needs them).
    package var renders: [Render] { programs.flatMap(enumerator.renders(of:)) }

    /// The leaves of render `index`.
    @inline(__always)
    package func leaves(of index: Int32) -> ArraySlice<CompiledLeaf> {
        leaves[Int(leafStart[Int(index)])..<Int(leafStart[Int(index) + 1])]
    }

    /// The state after rendering `target`: rendered identities keep their value (R1) or are
    /// allocated from their initial value; removed ones are retained if the rules retain them (R7,
    /// R9) and `target` still renders their lazy container, else destroyed.
    @inline(__always)
    package func successor(of state: CheckerState, rendering target: Int32) -> CheckerState {
        let rendered = self.rendered[Int(target)]
        var retained = state.alive & retainable & cacheSurvives[Int(target)]
        // A view removed now is kept only if its item's holder retains it; one retained before stays.
        if let itemHeld { retained = retained & (itemHeld[Int(target)] | ~self.rendered[Int(state.render)]) }
        let alive = rendered | retained
        let initial = initialOnes[Int(target)] & rendered
        let kept = rereadsInitialValue ? state.values & alive & ~rendered : state.values & state.alive & alive
        let fresh = rereadsInitialValue ? initial : initial & ~state.alive
        return CheckerState(render: target, alive: alive, values: kept | fresh)
    }

    /// `(ForEach identity, row count)` of render `index`'s constant-range `ForEach`es.
    func constantRanges(of index: Int32) -> [(Int32, Int32)] { constantRanges[Int(index)] }

    /// Whether render `index` is undefined behaviour on its own: two views share an identity.
    package func isUndefined(_ index: Int32) -> Bool { renderFlags[Int(index)] & Self.duplicatesIdentity != 0 }

    /// Whether going from render `old` to render `new` is undefined behaviour: a constant-range
    /// `ForEach` changed its row count (R8), or `new` is undefined on its own.
    @inline(__always)
    package func isUndefined(from old: Int32, to new: Int32) -> Bool {
        let flags = renderFlags[Int(new)]
        if flags & Self.duplicatesIdentity != 0 { return true }
        if flags & renderFlags[Int(old)] & Self.hasConstantRanges == 0 { return false }
        let before = constantRanges[Int(old)]
        for (id, count) in constantRanges[Int(new)] where before.contains(where: { $0.0 == id && $0.1 != count }) {
            return true
        }
        return false
    }
}
