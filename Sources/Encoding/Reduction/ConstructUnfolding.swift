import IdentityModel
import Z3Kit

/// One construct of the tree model unfolded once, on named constants: the node, the leaf address
/// through it, the child it passes to, its path step and its local element, with the instances of
/// the defining equations of `tid`, `steps` and `leafAt` for that constructor. The step cases of
/// the locality and prefix-closure obligations are built from it.
///
/// The hypotheses are those of the rule defining leaf addresses for the construct: an index in
/// range for a tuple or ForEach; an optional is present (`OptNode(true, c)`: an absent one has no leaf).
struct ConstructUnfolding {
    /// The construct.
    let kind: StepKind
    /// The node, built by the construct's constructor from constants.
    let node: Z3Term
    /// A leaf address of `node`: the child's address `a`, after the child index for a tuple or ForEach.
    let address: Z3Term
    /// The child the construct passes to.
    let child: Z3Term
    /// The address of the leaf within `child`.
    let childAddress: Z3Term
    /// The path step the construct contributes.
    let step: Z3Term
    /// The element the construct gives `child`, from `TreeRules`.
    let localElement: Z3Term
    /// What must hold for `address` to be a leaf address of `node` when `childAddress` is one of `child`.
    let hypotheses: [Z3Term]
    private let vocabulary: TreeVocabulary
    private let rules: TreeRules

    /// Unfolds `kind` on constants named as in `Obligation.statement`.
    init(_ kind: StepKind, rules: TreeRules) {
        let vocabulary = rules.vocabulary
        let context = vocabulary.identity.context
        let nodeType = vocabulary.node
        let int = context.intSort
        let bool = context.boolSort
        let a = vocabulary.constant("a", vocabulary.addressSort)
        var address = a
        var hypotheses: [Z3Term] = []
        let built: Z3Term, child: Z3Term, pathStep: Z3Term, localElement: Z3Term
        switch kind {
        case .tuple:
            let cs = vocabulary.constant("cs", vocabulary.nodeList.sort)
            let i = vocabulary.constant("i", int)
            built = vocabulary.nodeConstructor(of: kind)(cs)
            address = context.concat([context.unitSequence(i), a])
            child = vocabulary.childAt(cs, i)
            pathStep = vocabulary.identity.constructor(of: kind)(i, vocabulary.countPresent(cs, i))
            localElement = rules.tupleElement(children: cs, slot: i)
            hypotheses = [i >= 0, i.lt(vocabulary.childCount(cs))]
        case .conditional:
            let taken = vocabulary.constant("taken", bool)
            let twice = vocabulary.constant("twice", bool)
            let transient = vocabulary.constant("transientRead", bool)
            child = vocabulary.constant("c", nodeType.sort)
            built = vocabulary.nodeConstructor(of: kind)(taken, twice, transient, child)
            pathStep = vocabulary.identity.constructor(of: kind)(taken, twice, transient)
            localElement = rules.conditionalElement(arm: taken, readsTwice: twice, transient: transient)
        case .optional:
            child = vocabulary.constant("c", nodeType.sort)
            built = vocabulary.nodeConstructor(of: kind)(context.bool(true), child)
            pathStep = vocabulary.identity.constructor(of: kind).function.apply([])
            localElement = rules.optionalElement()
        case .forEach:
            let src = vocabulary.constant("src", vocabulary.identity.source.sort)
            let rs = vocabulary.constant("rs", vocabulary.rowList.sort)
            let j = vocabulary.constant("j", int)
            let key = vocabulary.rowKeyAt(rs, j)
            built = vocabulary.nodeConstructor(of: kind)(src, rs)
            address = context.concat([context.unitSequence(j), a])
            child = vocabulary.rowAt(rs, j)
            pathStep = vocabulary.identity.constructor(of: kind)(src, key, j)
            localElement = rules.forEachElement(key: key, offset: j)
            hypotheses = [j >= 0, j.lt(vocabulary.rowCount(rs))]
        case .explicitID:
            let k = vocabulary.constant("k", int)
            child = vocabulary.constant("c", nodeType.sort)
            built = vocabulary.nodeConstructor(of: kind)(k, child)
            pathStep = vocabulary.identity.constructor(of: kind)(k)
            localElement = rules.explicitIDElement(id: k)
        case .modified:
            let m = vocabulary.constant("m", int)
            let v = vocabulary.constant("v", int)
            child = vocabulary.constant("c", nodeType.sort)
            built = vocabulary.nodeConstructor(of: kind)(m, v, child)
            pathStep = vocabulary.identity.constructor(of: kind)(m, v)
            localElement = rules.modifierElement(modifier: m, value: v)
        case .anyView:
            let t = vocabulary.constant("t", int)
            child = vocabulary.constant("c", nodeType.sort)
            built = vocabulary.nodeConstructor(of: kind)(t, child)
            pathStep = vocabulary.identity.constructor(of: kind)(t)
            localElement = rules.anyViewElement(erased: t)
        case .container:
            let box = vocabulary.constant("box", vocabulary.identity.container.sort)
            child = vocabulary.constant("c", nodeType.sort)
            built = vocabulary.nodeConstructor(of: kind)(box, child)
            pathStep = vocabulary.identity.constructor(of: kind)(box)
            localElement = rules.containerElement(container: box)
        }
        self.kind = kind
        self.node = built
        self.address = address
        self.child = child
        self.childAddress = a
        self.step = pathStep
        self.localElement = localElement
        self.hypotheses = hypotheses
        self.vocabulary = vocabulary
        self.rules = rules
    }

    /// The identity the construct passes to its child when its own is `pre`.
    func accumulator(_ pre: Z3Term) -> Z3Term {
        rules.accumulator(pre, element: localElement, kind: kind)
    }

    /// The defining equation of `tid` for this constructor, at `pre`:
    /// `tid(node, address, pre) = tid(child, childAddress, acc(pre))`.
    func identityDefinition(pre: Z3Term) -> Z3Term {
        vocabulary.tid(node, address, pre).eq(vocabulary.tid(child, childAddress, accumulator(pre)))
    }

    /// The defining equations of `steps` and `leafAt` for this constructor:
    /// `steps(node, address) = [step] ++ steps(child, childAddress)` and
    /// `leafAt(node, address) = leafAt(child, childAddress)`.
    func pathDefinitions() -> [Z3Term] {
        let context = vocabulary.identity.context
        let childSteps = vocabulary.steps(child, childAddress)
        return [
            vocabulary.steps(node, address).eq(context.concat([context.unitSequence(step), childSteps])),
            vocabulary.leafAt(node, address).eq(vocabulary.leafAt(child, childAddress)),
        ]
    }
}
