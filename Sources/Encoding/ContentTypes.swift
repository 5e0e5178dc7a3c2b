import IdentityModel
import LemmaLogic
import Z3Kit

/// The static type of the view below each step of a path (`Program.staticType`), as Z3 terms, so
/// that an `AnyView` step's `erased` field is the type of its content (R5) rather than a free number.
///
/// A type is an Int, as everywhere at the path level (`SymbolTable` numbers the names). A path's
/// type at depth `length` is its leaf's type; above a step it is the step's construct around the
/// type below: `Optional<C>`, `ForEach<C>`, `IDView<C>`, `ModifiedContent<C, m>`, `Kind<C>`, the
/// constant `AnyView`, a `TupleView` whose child at the step's slot is `C`, or a
/// `_ConditionalContent` whose taken arm is `C`. Each construct is a tag (`typeTag`) with
/// projections to its parts, so types with different tags differ and equal types have equal parts;
/// a construct with one child is also a function of its parts (`typeOptional`, …), so equal parts
/// make equal types. What a path does not pass (a tuple's other children, the arm not taken) is
/// left free, so two tuples or conditionals are never known to be one type.
///
/// That reading of the tags is sound when view-type and modifier names are atomic (no `<`, `>`,
/// `(`, `)`, `,`): then `Program.staticType` writes every type in one way. The render syntax only
/// has such names; a lemma naming another one (`p.leafType == "Optional<Counter>"`) gets no type
/// facts at all (`LemmaEncoder.contentTypeAxioms`), and its erased types stay free. The facts are
/// in a query only when it is asked for with them (`PathLevelQuery`'s `contentTypes`).
struct ContentTypes {
    /// The constructs of a static type, each a value of `typeTag`.
    enum Tag: Int, CaseIterable {
        /// A name: a leaf's type, or `AnyView`.
        case atomic
        case tuple, conditional, optional, forEach, idView, modified, container
    }

    let vocabulary: IdentityVocabulary
    /// The tag of a type.
    let tag: Z3FunctionDecl
    /// The content type of `Optional`, `ForEach`, `IDView`, `ModifiedContent` and a container.
    let inner: Z3FunctionDecl
    /// The modifier of a `ModifiedContent`.
    let modifier: Z3FunctionDecl
    /// The kind of a container type.
    let container: Z3FunctionDecl
    /// The types built from their parts: `Optional<C>`, `ForEach<C>`, `IDView<C>`,
    /// `ModifiedContent<C, m>` (content, modifier) and `Kind<C>` (content, kind).
    let optionalType: Z3FunctionDecl
    let forEachType: Z3FunctionDecl
    let idViewType: Z3FunctionDecl
    let modifiedType: Z3FunctionDecl
    let containerType: Z3FunctionDecl
    /// The child type of a `TupleView` at a slot.
    let tupleChild: Z3FunctionDecl
    /// The `if` and `else` types of a `_ConditionalContent`.
    let thenType: Z3FunctionDecl
    let elseType: Z3FunctionDecl

    /// Declares the type functions in `vocabulary`'s context.
    init(vocabulary: IdentityVocabulary) {
        let ctx = vocabulary.context
        let int = ctx.intSort
        self.vocabulary = vocabulary
        tag = ctx.function("typeTag", domain: [int], range: int)
        inner = ctx.function("typeInner", domain: [int], range: int)
        modifier = ctx.function("typeModifier", domain: [int], range: int)
        container = ctx.function("typeContainerKind", domain: [int], range: vocabulary.container.sort)
        optionalType = ctx.function("typeOptional", domain: [int], range: int)
        forEachType = ctx.function("typeForEach", domain: [int], range: int)
        idViewType = ctx.function("typeIDView", domain: [int], range: int)
        modifiedType = ctx.function("typeModified", domain: [int, int], range: int)
        containerType = ctx.function("typeContainer", domain: [int, vocabulary.container.sort], range: int)
        tupleChild = ctx.function("typeTupleChild", domain: [int, int], range: int)
        thenType = ctx.function("typeThen", domain: [int], range: int)
        elseType = ctx.function("typeElse", domain: [int], range: int)
    }

    /// `type` has tag `value`.
    func has(_ type: Z3Term, _ value: Tag) -> Z3Term {
        tag.apply([type]).eq(vocabulary.context.int(value.rawValue))
    }

    /// `outer` is the type of the view at `step`, whose content (the view the path continues in)
    /// has type `content`; `anyView` is the number of the type `AnyView`.
    func construct(_ step: Z3Term, outer: Z3Term, content: Z3Term, anyView: Z3Term) throws -> Z3Term {
        let ctx = vocabulary.context
        func wrapping(_ value: Tag, _ built: Z3FunctionDecl, _ part: (field: StepField, projection: Z3FunctionDecl)? = nil) throws -> Z3Term {
            var facts = [has(outer, value), inner.apply([outer]).eq(content)]
            var parts = [content]
            if let part {
                let field = try vocabulary.field(part.field, of: step)
                facts.append(part.projection.apply([outer]).eq(field))
                parts.append(field)
            }
            return ctx.and(facts + [outer.eq(built.apply(parts))])
        }
        let conditional = ctx.and([
            has(outer, .conditional),
            ctx.ite(
                try vocabulary.field(.arm, of: step), then: thenType.apply([outer]).eq(content),
                else: elseType.apply([outer]).eq(content)),
        ])
        let cases: [(StepKind, Z3Term)] = [
            (.tuple, has(outer, .tuple).and(tupleChild.apply([outer, try vocabulary.field(.slot, of: step)]).eq(content))),
            (.conditional, conditional),
            (.optional, try wrapping(.optional, optionalType)),
            (.forEach, try wrapping(.forEach, forEachType)),
            (.explicitID, try wrapping(.idView, idViewType)),
            (.modified, try wrapping(.modified, modifiedType, (.modifier, modifier))),
            (.container, try wrapping(.container, containerType, (.container, container))),
            (.anyView, ctx.and([outer.eq(anyView), try vocabulary.field(.erased, of: step).eq(content)])),
        ]
        return ctx.and(cases.map { kind, fact in vocabulary.isStep(kind, step).implies(fact) })
    }
}
