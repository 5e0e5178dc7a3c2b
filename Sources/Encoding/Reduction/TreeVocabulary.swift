import IdentityModel
import Z3Kit

/// The tree-level model of the reduction obligations, declared next to an `IdentityVocabulary`:
/// render trees as the mutually recursive datatypes `Node`, `NodeList` and `RowList`, and the
/// functions over them, all uninterpreted.
///
/// The functions are defined by structural recursion, one equation per constructor; obligations
/// assert only the ground instances of those equations they need, which is sound because each
/// instance is true of the defined function. Addresses (`Seq Int`) navigate the tree: a tuple
/// consumes the index of the child in its list (not the rendered position `presentBefore`, which
/// absent siblings share), a ForEach the row's offset; single-child constructs consume nothing.
///
/// An `if` without `else` is `OptNode(optPresent, optContent)`: an absent optional keeps its
/// content, as `Render.optional` keeps its program, but has no leaf address. `countPresent`, the
/// number of earlier siblings that render something, is never defined: every obligation holds
/// whatever it counts, so in particular for `Render.isPresent`. `childCount` and `rowCount` only
/// bound indices in the hypotheses. Field names differ from those of `Step` and `Elem` because
/// SMT-LIB requires selector names to be fresh.
final class TreeVocabulary {
    let identity: IdentityVocabulary
    let node: Z3Datatype
    let nodeList: Z3Datatype
    let rowList: Z3Datatype
    /// `Seq Int`: a leaf address.
    let addressSort: Z3Sort
    /// `Seq Elem`: an identity.
    let identitySort: Z3Sort
    /// `Seq Step`: the steps of a path.
    let stepsSort: Z3Sort
    /// The render's serial number, the generation of `Opaque` elements: one constant for the render.
    let generation: Z3Term
    /// `tid(n, a, pre)`: the identity of the leaf at address `a` of `n` when `n`'s parent has identity `pre`.
    let tid: Z3FunctionDecl
    /// `steps(n, a)`: the path steps from `n` down to the leaf at `a`.
    let steps: Z3FunctionDecl
    /// `leafAt(n, a)`: the type of the leaf at `a`.
    let leafAt: Z3FunctionDecl
    /// `mapE(s)`: the elements of the steps `s`, one by one.
    let mapE: Z3FunctionDecl
    /// `E(step)`: the path-level element function, `RuleEncoding.element(of:generation:)`.
    let elementOf: Z3FunctionDecl
    /// `childAt(cs, i)`: the child at index `i` of a list.
    let childAt: Z3FunctionDecl
    /// `childCount(cs)`: the length of a list.
    let childCount: Z3FunctionDecl
    /// `countPresent(cs, i)`: how many of the first `i` children render something.
    let countPresent: Z3FunctionDecl
    /// `rowAt(rs, j)`: the content of the row at offset `j`.
    let rowAt: Z3FunctionDecl
    /// `rowKeyAt(rs, j)`: the key of the row at offset `j`.
    let rowKeyAt: Z3FunctionDecl
    /// `rowCount(rs)`: the number of rows.
    let rowCount: Z3FunctionDecl

    /// Declares the tree model in the context of `identity`.
    init(identity: IdentityVocabulary) throws {
        self.identity = identity
        let context = identity.context
        let int = context.intSort
        let bool = context.boolSort
        let datatypes = try context.declareDatatypes([
            Z3DatatypeDeclaration("Node", constructors: [
                .init(Self.leafConstructorName, fields: [.init("leafType", int)]),
                .init(Self.nodeConstructorName(.tuple), fields: [.init("children", datatype: "NodeList")]),
                .init(Self.nodeConstructorName(.conditional), fields: [
                    .init("condArm", bool), .init("condReadsTwice", bool), .init("condTransient", bool),
                    .init("condContent", datatype: "Node"),
                ]),
                .init(Self.nodeConstructorName(.optional), fields: [.init("optPresent", bool), .init("optContent", datatype: "Node")]),
                .init(Self.nodeConstructorName(.forEach), fields: [
                    .init("rowSource", identity.source.sort), .init("rows", datatype: "RowList"),
                ]),
                .init(Self.nodeConstructorName(.explicitID), fields: [.init("idValue", int), .init("idContent", datatype: "Node")]),
                .init(Self.nodeConstructorName(.modified), fields: [
                    .init("nodeModifier", int), .init("nodeModifierValue", int), .init("modContent", datatype: "Node"),
                ]),
                .init(Self.nodeConstructorName(.anyView), fields: [.init("nodeErased", int), .init("anyViewContent", datatype: "Node")]),
                .init(Self.nodeConstructorName(.container), fields: [
                    .init("nodeContainer", identity.container.sort), .init("containerContent", datatype: "Node"),
                ]),
            ]),
            Z3DatatypeDeclaration("NodeList", constructors: [
                .init("Nil"),
                .init("Cons", fields: [.init("head", datatype: "Node"), .init("tail", datatype: "NodeList")]),
            ]),
            Z3DatatypeDeclaration("RowList", constructors: [
                .init("RNil"),
                .init("RCons", fields: [
                    .init("rowKey", int), .init("row", datatype: "Node"), .init("rest", datatype: "RowList"),
                ]),
            ]),
        ])
        node = datatypes[0]
        nodeList = datatypes[1]
        rowList = datatypes[2]
        addressSort = context.seqSort(of: int)
        identitySort = context.seqSort(of: identity.elementType.sort)
        stepsSort = context.seqSort(of: identity.step.sort)
        generation = context.const("g", int)
        let nodeSort = node.sort
        tid = context.function("tid", domain: [nodeSort, addressSort, identitySort], range: identitySort)
        steps = context.function("steps", domain: [nodeSort, addressSort], range: stepsSort)
        leafAt = context.function("leafAt", domain: [nodeSort, addressSort], range: int)
        mapE = context.function("mapE", domain: [stepsSort], range: identitySort)
        elementOf = context.function("E", domain: [identity.step.sort], range: identity.elementType.sort)
        childAt = context.function("childAt", domain: [nodeList.sort, int], range: nodeSort)
        childCount = context.function("childCount", domain: [nodeList.sort], range: int)
        countPresent = context.function("countPresent", domain: [nodeList.sort, int], range: int)
        rowAt = context.function("rowAt", domain: [rowList.sort, int], range: nodeSort)
        rowKeyAt = context.function("rowKeyAt", domain: [rowList.sort, int], range: int)
        rowCount = context.function("rowCount", domain: [rowList.sort], range: int)
    }

    /// The Node constructor of a construct: the only place the names are spelled.
    static func nodeConstructorName(_ kind: StepKind) -> String {
        switch kind {
        case .tuple: return "TupleNode"
        case .conditional: return "CondNode"
        case .optional: return "OptNode"
        case .forEach: return "ForEachNode"
        case .explicitID: return "IDNode"
        case .modified: return "ModNode"
        case .anyView: return "AnyViewNode"
        case .container: return "ContainerNode"
        }
    }

    /// The name of the Node constructor of a leaf.
    static let leafConstructorName = "Leaf"

    /// The Node constructor of the construct `kind`.
    func nodeConstructor(of kind: StepKind) -> Z3DatatypeConstructor {
        node.constructor(Self.nodeConstructorName(kind))
    }

    /// A leaf node of type `type`.
    func leaf(type: Z3Term) -> Z3Term {
        node.constructor(Self.leafConstructorName)(type)
    }

    /// A constant named `name` of `sort`.
    func constant(_ name: String, _ sort: Z3Sort) -> Z3Term {
        identity.context.const(name, sort)
    }
}
