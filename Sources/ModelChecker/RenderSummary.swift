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
    /// Under `itemLevelRetention`, per leaf (empty while no leaf has one): the indices in
    /// `containers` of every container above the leaf that owns its list (`RuleSet.r7OwnsItsList`),
    /// innermost first. Kept apart so that a `Leaf` stays a plain value, copied without reference
    /// counting.
    var chains: [[Int32]] = []
}

/// Builds `RenderSummary` values under a rule set, taking every element from
/// `RuleSet.element(of:generation:)`.
struct SummaryBuilder: RenderAlgebra {
    let rules: RuleSet
    static let base: UInt64 = 0x100000001B3
    /// The steps met so far with their effects: a program's renders repeat a handful of steps,
    /// and an effect costs a SipHash of its element (and of a container kind).
    private let effects = StepEffects()

    /// What a step does to the identities below it under `rules`.
    private struct StepEffect {
        /// The hash of the step's element.
        var code: UInt64
        /// The element is `opaque`: identities below exist in this render only.
        var fresh: Bool
        /// The step restarts the identities below (`RuleSet.restartsIdentity(at:)`).
        var restarts: Bool
        /// A container whose item cache retains removed children (R7).
        var lazy: Bool
        /// A container that owns its list under `itemLevelRetention`.
        var linked: Bool
    }

    private final class StepEffects {
        var entries: [(step: PathStep, effect: StepEffect)] = []
    }

    /// `step`'s effect, from the memo when met before.
    private func effect(of step: PathStep) -> StepEffect {
        for entry in effects.entries where entry.step == step { return entry.effect }
        let element = rules.element(of: step, generation: 0)
        let fresh: Bool
        if case .opaque = element { fresh = true } else { fresh = false }
        let lazy = if case .container(let container) = step { rules.r7RetainingContainer(container) } else { false }
        let linked = if case .container(let container) = step { rules.itemLevelRetention && rules.r7OwnsItsList(container) } else { false }
        let effect = StepEffect(code: hash(element), fresh: fresh, restarts: rules.restartsIdentity(at: step), lazy: lazy, linked: linked)
        // A few steps recur; past 32 the memo would cost more to search than it saves.
        if effects.entries.count < 32 { effects.entries.append((step, effect)) }
        return effect
    }

    private func hash<T: Hashable>(_ value: T) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(value)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// `summary` with `step`'s element prepended to every identity, `addressIndex` to every address.
    private func prepend(_ step: PathStep, addressIndex: Int? = nil, to summary: RenderSummary) -> RenderSummary {
        var result = RenderSummary(leaves: [], ranges: [], isPresent: summary.isPresent)
        append(summary, below: step, addressIndex: addressIndex, to: &result)
        return result
    }

    /// Appends `child`'s leaves, ranges and containers to `result` with `step`'s element prepended to
    /// every identity, `addressIndex` to every address, and the container indices moved past
    /// `result`'s: one copy of each leaf, however many constructs a render has.
    private func append(_ child: RenderSummary, below step: PathStep, addressIndex: Int?, to result: inout RenderSummary) {
        let applied = effect(of: step)
        let offset = Int32(result.containers.count)
        let firstLeaf = result.leaves.count
        for var leaf in child.leaves {
            if !leaf.sealed {
                leaf.identity = applied.code &* leaf.identityPower &+ leaf.identity
                leaf.identityPower = leaf.identityPower &* Self.base
                leaf.fresh = leaf.fresh || applied.fresh
                leaf.sealed = applied.restarts
            }
            if let addressIndex {
                leaf.address = UInt64(addressIndex + 1) &* leaf.addressPower &+ leaf.address
                leaf.addressPower = leaf.addressPower &* Self.base
            }
            leaf.underLazyContainer = leaf.underLazyContainer || applied.lazy
            if leaf.container >= 0 { leaf.container += offset }
            result.leaves.append(leaf)
        }
        for var range in child.ranges {
            if !range.sealed {
                range.identity = applied.code &* range.identityPower &+ range.identity
                range.identityPower = range.identityPower &* Self.base
                range.sealed = applied.restarts
            }
            result.ranges.append(range)
        }
        for var container in child.containers {
            if !container.sealed {
                container.identity = applied.code &* container.identityPower &+ container.identity
                container.identityPower = container.identityPower &* Self.base
                container.fresh = container.fresh || applied.fresh
                container.sealed = applied.restarts
            }
            result.containers.append(container)
        }
        if !result.chains.isEmpty || !child.chains.isEmpty || (applied.linked && !child.leaves.isEmpty) {
            if result.chains.count < firstLeaf { result.chains += Array(repeating: [], count: firstLeaf - result.chains.count) }
            result.chains += child.chains.isEmpty
                ? Array(repeating: [], count: child.leaves.count) : child.chains.map { $0.map { $0 + offset } }
        }
        if applied.lazy || applied.linked {
            // The container's own identity ends with its element; built bottom-up, the last lazy
            // container to claim a leaf is its outermost, and each leaf's chain grows outwards.
            let index = Int32(result.containers.count)
            result.containers.append(
                RenderSummary.Container(
                    identity: applied.code, identityPower: Self.base, sealed: applied.restarts, fresh: applied.fresh, retains: applied.lazy))
            for leaf in firstLeaf..<result.leaves.count {
                if applied.lazy { result.leaves[leaf].container = index }
                if applied.linked { result.chains[leaf].append(index) }
            }
        }
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
        result.leaves.reserveCapacity(children.reduce(0) { $0 + $1.leaves.count })
        var presentBefore = 0
        for (slot, child) in children.enumerated() {
            append(child, below: .tuple(slot: slot, presentBefore: presentBefore), addressIndex: presentBefore, to: &result)
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
            result.leaves.reserveCapacity(keys.count * row.leaves.count)
            for (offset, key) in keys.enumerated() {
                append(row, below: .forEach(source: source, key: key, offset: offset), addressIndex: offset, to: &result)
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
