import IdentityModel

/// A render reduced to what the checker needs: per stateful leaf, a hash of its identity and of its
/// (address, type), built bottom-up with polynomial hashes so that a parent prepends its element.
struct RenderSummary {
    struct Leaf {
        var identity: UInt64
        var identityPower: UInt64
        /// Elements above no longer join the identity (`idOverridesStructure`).
        var sealed: Bool
        /// The identity holds an `opaque` element: it exists only in this render.
        var fresh: Bool
        var address: UInt64
        var addressPower: UInt64
        var underLazyContainer: Bool
        /// A fresh state of the view starts from 1 under the rules (otherwise 0).
        var initialIsOne: Bool
        /// The index in `containers` of the outermost lazy container above the leaf, or -1.
        var container: Int32 = -1
        /// Under `itemLevelRetention`, the indices in `containers` of every container above the
        /// leaf that owns its list (`RuleSet.r7OwnsItsList`), innermost first (empty otherwise).
        var chain: [Int32] = []
    }

    /// A constant-range `ForEach`: a hash of its own identity and its row count.
    struct Range {
        var identity: UInt64
        var identityPower: UInt64
        var sealed: Bool
        var count: Int32
    }

    /// A rendered lazy container (under `itemLevelRetention`, any that owns its list): a hash of the identity
    /// its content gets (R7's item cache).
    struct Container {
        var identity: UInt64
        var identityPower: UInt64
        var sealed: Bool
        /// The identity holds an `opaque` element: it exists only in this render.
        var fresh: Bool
        /// The container retains removed items (`RuleSet.r7RetainingContainer`).
        var retains: Bool
    }

    var leaves: [Leaf]
    var ranges: [Range]
    var isPresent: Bool
    var containers: [Container] = []

    /// Appends `other`'s leaves, ranges and containers, keeping the leaves' container indices right.
    mutating func append(_ other: RenderSummary) {
        let offset = Int32(containers.count)
        leaves += other.leaves.map { leaf in
            var leaf = leaf
            if leaf.container >= 0 { leaf.container += offset }
            leaf.chain = leaf.chain.map { $0 + offset }
            return leaf
        }
        ranges += other.ranges
        containers += other.containers
    }
}

/// Builds `RenderSummary` values under a rule set, taking every element from
/// `RuleSet.element(of:generation:)`.
struct SummaryBuilder: RenderAlgebra {
    let rules: RuleSet
    static let base: UInt64 = 0x100000001B3

    private func hash<T: Hashable>(_ value: T) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(value)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// `summary` with `step`'s element prepended to every identity, `addressIndex` to every address.
    private func prepend(_ step: PathStep, addressIndex: Int? = nil, to summary: RenderSummary) -> RenderSummary {
        let element = rules.element(of: step, generation: 0)
        let code = hash(element)
        let fresh: Bool
        if case .opaque = element { fresh = true } else { fresh = false }
        let restarts = rules.restartsIdentity(at: step)
        let lazy = if case .container(let container) = step { rules.r7RetainingContainer(container) } else { false }
        let linked = if case .container(let container) = step { rules.itemLevelRetention && rules.r7OwnsItsList(container) } else { false }
        var result = summary
        for index in result.leaves.indices {
            var leaf = result.leaves[index]
            if !leaf.sealed {
                leaf.identity = code &* leaf.identityPower &+ leaf.identity
                leaf.identityPower = leaf.identityPower &* Self.base
                leaf.fresh = leaf.fresh || fresh
                leaf.sealed = restarts
            }
            if let addressIndex {
                leaf.address = UInt64(addressIndex + 1) &* leaf.addressPower &+ leaf.address
                leaf.addressPower = leaf.addressPower &* Self.base
            }
            leaf.underLazyContainer = leaf.underLazyContainer || lazy
            result.leaves[index] = leaf
        }
        for index in result.ranges.indices where !result.ranges[index].sealed {
            result.ranges[index].identity = code &* result.ranges[index].identityPower &+ result.ranges[index].identity
            result.ranges[index].identityPower = result.ranges[index].identityPower &* Self.base
            result.ranges[index].sealed = restarts
        }
        for index in result.containers.indices where !result.containers[index].sealed {
            result.containers[index].identity = code &* result.containers[index].identityPower &+ result.containers[index].identity
            result.containers[index].identityPower = result.containers[index].identityPower &* Self.base
            result.containers[index].fresh = result.containers[index].fresh || fresh
            result.containers[index].sealed = restarts
        }
        if lazy || linked {
            // The container's own identity ends with its element; built bottom-up, the last lazy
            // container to claim a leaf is its outermost, and each leaf's chain grows outwards.
            let index = Int32(result.containers.count)
            result.containers.append(
                RenderSummary.Container(identity: code, identityPower: Self.base, sealed: restarts, fresh: fresh, retains: lazy))
            for leaf in result.leaves.indices {
                if lazy { result.leaves[leaf].container = index }
                if linked { result.leaves[leaf].chain.append(index) }
            }
        }
        return result
    }

    func stateful(_ type: ViewType, label: String?, initialValue: Int) -> RenderSummary {
        let code = hash(PathElement.type(type))
        return RenderSummary(
            leaves: [
                .init(
                    identity: code, identityPower: Self.base, sealed: false, fresh: false, address: code,
                    addressPower: Self.base, underLazyContainer: false,
                    initialIsOne: rules.r1AllocateOnce(existing: nil, initialValue: initialValue) == 1)
            ], ranges: [], isPresent: true)
    }

    func leaf(_ type: ViewType) -> RenderSummary { RenderSummary(leaves: [], ranges: [], isPresent: type != .emptyView) }

    func tuple(_ children: [RenderSummary]) -> RenderSummary {
        var result = RenderSummary(leaves: [], ranges: [], isPresent: false)
        var presentBefore = 0
        for (slot, child) in children.enumerated() {
            result.append(prepend(.tuple(slot: slot, presentBefore: presentBefore), addressIndex: presentBefore, to: child))
            if child.isPresent { presentBefore += 1 }
        }
        result.isPresent = presentBefore > 0
        return result
    }

    func conditional(arm: Bool, active: RenderSummary, inactive: Program, readsTwice: Bool, transient: Bool) -> RenderSummary {
        prepend(.conditional(arm: arm, readsTwice: readsTwice, transient: transient), to: active)
    }

    func optional(_ content: Program, _ value: RenderSummary?) -> RenderSummary {
        value.map { prepend(.optional, to: $0) } ?? RenderSummary(leaves: [], ranges: [], isPresent: false)
    }

    func forEach(_ source: KeySource, content: Program, keys: [Key], row: RenderSummary?) -> RenderSummary {
        var result = RenderSummary(leaves: [], ranges: [], isPresent: !keys.isEmpty)
        if let row {
            for (offset, key) in keys.enumerated() {
                result.append(prepend(.forEach(source: source, key: key, offset: offset), addressIndex: offset, to: row))
            }
        }
        if source == .constantRange {
            result.ranges.append(.init(identity: 0, identityPower: 1, sealed: false, count: Int32(keys.count)))
        }
        return result
    }

    func explicitID(_ id: Key, _ content: RenderSummary) -> RenderSummary { wrapper(.explicitID(id), content) }

    func modified(_ content: RenderSummary, _ modifier: Modifier, value: Int) -> RenderSummary {
        wrapper(.modified(modifier, value: value), content)
    }

    func anyView(_ content: RenderSummary, erased: ViewType) -> RenderSummary {
        rules.r5UnwrapsAnyView(erased: erased) ? content : wrapper(.anyView(erased: erased), content)
    }

    func container(_ kind: ContainerKind, _ content: RenderSummary) -> RenderSummary { wrapper(.container(kind), content) }

    /// A construct that is a view of its own, present whatever its content (`Render.isPresent`).
    private func wrapper(_ step: PathStep, _ content: RenderSummary) -> RenderSummary {
        var result = prepend(step, to: content)
        result.isPresent = true
        return result
    }
}
