import Invalidation
import Z3Kit

/// I2–I9 as Z3 terms over `GroundViewTerms`, read from docs/invalidation.md: each option of
/// `InvalidationRules` and each `InvalidationMutation` is a literal in the formula it changes.
extension GroundInvalidation {
    /// The outcome of comparing a new value with an old one: `verdict` is `Verdict`'s code and
    /// `property` the number of the property that compared different (`GroundNumbers`).
    struct Comparison {
        let verdict: Z3Term
        let property: Z3Term
    }

    /// The codes of `Comparison.verdict`.
    enum Verdict: Int {
        case equal, differentAt, equalitySaidDifferent
    }

    /// I8: the view's own `@State` changed and was read: by its body as declared, or, under
    /// `readFlag: .sticky`, an unread change whose storage's read flag is set.
    func ownStateChanged(_ view: GroundViewTerms) -> Z3Term {
        if rules.mutation == .ownChangeIgnored { return ctx.bool(false) }
        let declared = view.stateChange.eq(ctx.int(GroundViewTerms.Code.StateChange.read.rawValue))
        let flagged = ctx.and([
            ctx.bool(rules.readFlag == .sticky && rules.mutation != .readFlagNotShared),
            view.stateChange.eq(ctx.int(GroundViewTerms.Code.StateChange.unread.rawValue)),
            view.locationWasRead,
        ])
        return ctx.or([declared, flagged])
    }

    /// I8: an observed dependency of the view signalled a change: by hand (`signal`), `derived`
    /// from a send (I11), or, under `observation: .propertyReads`, a committed change hit an
    /// `@Observable` property its body read.
    func dependencySignalled(_ view: GroundViewTerms, derived: Z3Term) -> Z3Term {
        if rules.mutation == .ownChangeIgnored { return ctx.bool(false) }
        let tracked = rules.mutation == .observationPerObject ? view.observedObjectChanged : view.observedReadChanged
        let observed = ctx.and([ctx.bool(rules.observation == .propertyReads), tracked])
        return ctx.or([view.dependencyChanged, observed, derived])
    }

    /// I8 on I10's `changed`: a declared key's change is a dependency of the view, which runs its
    /// body as the others do (after them in the reason), and not under `ownChangeIgnored`.
    func environmentSignalled(_ changed: Z3Term) -> Z3Term {
        rules.mutation == .ownChangeIgnored ? ctx.bool(false) : changed
    }

    /// I11: whether an object in `sent` is one `old` (the view as it last updated) observed: an
    /// observed property holding it, or an `@EnvironmentObject` type the environment maps to it.
    func objectSignalled(old: GroundViewTerms, sent: [Int]) -> Z3Term {
        guard rules.objectSignals == .fromSends else { return ctx.bool(false) }
        let observed = ctx.int(GroundViewTerms.Code.Property.observed.rawValue)
        var reached: [Z3Term] = []
        for object in sent {
            let number = ctx.int(object)
            reached += old.properties.map { ctx.and([$0.kind.eq(observed), $0.first.eq(number)]) }
            if rules.mutation != .environmentObjectsIgnored {
                reached += old.environmentObjectTypes.compactMap { old.environmentObjects[$0]?.eq(number) }
            }
        }
        return ctx.or(reached)
    }

    /// I10: whether the value of an environment key the view declares changed since `old`, the
    /// view it is compared with, and the first such key's number (`GroundNumbers`). A key not written
    /// above a view holds its default, which differs from every written value; under the mutant
    /// `environmentComparedWhole` every key written above either view counts.
    func environmentChanged(old: GroundViewTerms, new: GroundViewTerms, numbers: inout GroundNumbers) -> Comparison {
        let none = Comparison(verdict: ctx.bool(false), property: ctx.int(-1))
        guard rules.environment == .perKey, !new.environmentKeys.isEmpty else { return none }
        let keys = rules.mutation == .environmentComparedWhole
            ? Set(old.environment.keys).union(new.environment.keys).sorted() : new.environmentKeys
        var changed = none
        for key in keys.reversed() {
            let differs: Z3Term
            switch (old.environment[key], new.environment[key]) {
            case let (before?, after?): differs = before.neq(after)
            case (nil, nil): differs = ctx.bool(false)
            default: differs = ctx.bool(true)
            }
            changed = Comparison(
                verdict: ctx.or([differs, changed.verdict]),
                property: ctx.ite(differs, then: ctx.int(numbers.number(for: key)), else: changed.property))
        }
        return changed
    }

    /// I9: the view has a new value to compare: its parent's body ran.
    func reached(parentEvaluated: Z3Term) -> Z3Term {
        if rules.mutation == .childrenAlwaysCompared { return ctx.bool(true) }
        return parentEvaluated
    }

    /// I2 and I4: the new value is compared by its `==` rather than field by field.
    func comparedByEquality(_ view: GroundViewTerms) -> Z3Term {
        let layoutsReady = ctx.bool(rules.layouts == .ready)
        let equatable = view.equality.neq(ctx.int(GroundViewTerms.Code.Equality.none.rawValue))
        // I4: `.equatable()` uses `==`, unless the mutant ignores it.
        let wrapped = ctx.and([view.wrapped, ctx.bool(rules.mutation != .equatableViewIgnored)])
        // I2: without it, a non-POD view under `.unlessPOD`, and a POD view only under the mutant.
        let pod = isPOD(view)
        let unwrapped = ctx.or([
            ctx.and([ctx.bool(rules.customEquality == .unlessPOD), pod.not()]),
            ctx.and([ctx.bool(rules.mutation == .podHonoursCustomEquality), pod]),
        ])
        return ctx.and([layoutsReady, equatable, ctx.or([wrapped, unwrapped])])
    }

    /// I2 (`_isPOD`): no `@State` or `@Environment`, and every stored property trivial plain data
    /// (a `String`, kind `text`, is not trivial: FINDINGS.md 13).
    func isPOD(_ view: GroundViewTerms) -> Z3Term {
        let podKinds: [GroundViewTerms.Code.Property] = [.plain, .podStructure]
        let plain = view.properties.map { property in
            ctx.or(podKinds.map { property.kind.eq(ctx.int($0.rawValue)) })
        }
        return ctx.and([view.hasState.not(), view.declaresEnvironment.not()] + plain)
    }

    /// I2–I7: the new value compared with the old one, by `==` or field by field.
    func comparison(old: GroundViewTerms, new: GroundViewTerms, numbers: inout GroundNumbers) -> Comparison {
        let byEquality = equalityComparison(old: old, new: new, numbers: &numbers)
        let fieldwise = fieldwiseComparison(old: old, new: new, numbers: &numbers)
        let useEquality = comparedByEquality(new)
        // I4 (`equatableView: .podBitsFirst`): under `.equatable()` an unchanged POD view is equal
        // before its `==` is asked.
        let bitsFirst = ctx.and([
            equatableApplies(new), isPOD(new), fieldwise.verdict.eq(ctx.int(Verdict.equal.rawValue)),
            ctx.bool(rules.equatableView == .podBitsFirst && rules.mutation != .equatablePODBitsIgnored),
        ])
        let equality = Comparison(
            verdict: ctx.ite(bitsFirst, then: fieldwise.verdict, else: byEquality.verdict),
            property: ctx.ite(bitsFirst, then: fieldwise.property, else: byEquality.property))
        return Comparison(
            verdict: ctx.ite(useEquality, then: equality.verdict, else: fieldwise.verdict),
            property: ctx.ite(useEquality, then: equality.property, else: fieldwise.property))
    }

    /// I4 applies: `.equatable()` on an `Equatable` view, layouts ready, not ignored by the mutant.
    private func equatableApplies(_ view: GroundViewTerms) -> Z3Term {
        ctx.and([
            view.wrapped, view.equality.neq(ctx.int(GroundViewTerms.Code.Equality.none.rawValue)),
            ctx.bool(rules.layouts == .ready && rules.mutation != .equatableViewIgnored),
        ])
    }

    /// I3, I5–I7: every stored property of the new value by its kind's rule, in declaration order,
    /// then the `@State`'s initial value; the first that differs (or that the old value lacks) is the reason.
    func fieldwiseComparison(old: GroundViewTerms, new: GroundViewTerms, numbers: inout GroundNumbers) -> Comparison {
        let same = new.properties.map { property in
            old.property(property.name).map { propertyEqual($0, property) } ?? ctx.bool(false)
        }
        // The mutant `nonPODFieldsAlwaysDiffer`: a non-POD view differs at its first property.
        let comparable = rules.mutation == .nonPODFieldsAlwaysDiffer ? isPOD(new) : ctx.bool(true)
        return firstDifference(
            same: (same + [stateInitialEqual(old, new)]).map { ctx.and([$0, comparable]) },
            names: new.properties.map(\.name) + [ViewValue.stateField], numbers: &numbers)
    }

    /// I3: the `@State`'s initial value, compared under `stateInitialValue: .compared`: equal when
    /// neither view has one, or both have the same.
    func stateInitialEqual(_ old: GroundViewTerms, _ new: GroundViewTerms) -> Z3Term {
        let ignored = ctx.bool(rules.stateInitialValue == .ignored || rules.mutation == .stateInitialValueIgnored)
        let neither = ctx.and([old.hasInitialState.not(), new.hasInitialState.not()])
        let same = ctx.and([old.hasInitialState, new.hasInitialState, old.initialState.eq(new.initialState)])
        return ctx.or([ignored, neither, same])
    }

    /// I4: the custom `==`: always true, always false, or the first reading whose values differ (a
    /// plain number through its thresholds' category, a struct by its own `==`, anything else by its
    /// kind's rule).
    func equalityComparison(old: GroundViewTerms, new: GroundViewTerms, numbers: inout GroundNumbers) -> Comparison {
        let same = new.readings.map { reading -> Z3Term in
            guard let before = old.property(reading.property), let after = new.property(reading.property) else {
                return ctx.bool(false)
            }
            let plainNumbers = ctx.and([
                before.kind.eq(ctx.int(GroundViewTerms.Code.Property.plain.rawValue)),
                after.kind.eq(ctx.int(GroundViewTerms.Code.Property.plain.rawValue)),
            ])
            let sameCategory = category(before.first, reading.thresholds).eq(category(after.first, reading.thresholds))
            return ctx.ite(plainNumbers, then: sameCategory, else: equalityPropertyEqual(before, after))
        }
        let reads = firstDifference(same: same, names: new.readings.map(\.property), numbers: &numbers)
        let code = { (equality: GroundViewTerms.Code.Equality) in new.equality.eq(self.ctx.int(equality.rawValue)) }
        let equal = ctx.int(Verdict.equal.rawValue)
        let none = ctx.int(-1)
        return Comparison(
            verdict: ctx.ite(code(.alwaysTrue), then: equal,
                else: ctx.ite(code(.alwaysFalse), then: ctx.int(Verdict.equalitySaidDifferent.rawValue), else: reads.verdict)),
            property: ctx.ite(code(.reads), then: reads.property, else: none))
    }

    /// I4: a property as a view's own `==` compares it: a struct of the same kind by the struct's
    /// `==`, an `Equatable` class's reference by the class's `==` (Swift calls them, whatever
    /// `nested` and `references` say of the graph), anything else by its kind's rule.
    func equalityPropertyEqual(_ old: GroundViewTerms.Property, _ new: GroundViewTerms.Property) -> Z3Term {
        typealias Kind = GroundViewTerms.Code.Property
        let both = { (kinds: [Kind]) in
            self.ctx.or(kinds.map { kind in
                self.ctx.and([old.kind.eq(self.ctx.int(kind.rawValue)), new.kind.eq(self.ctx.int(kind.rawValue))])
            })
        }
        let byTheirEquality = ctx.or([old.first.eq(new.first), old.second.eq(new.second)])
        return ctx.ite(both([.podStructure, .structure]), then: old.second.eq(new.second),
            else: ctx.ite(both([.equatableReference]), then: byTheirEquality, else: propertyEqual(old, new)))
    }

    /// The category a reading's thresholds put `value` in: how many it reaches; the value itself
    /// when there are none.
    func category(_ value: Z3Term, _ thresholds: [Int]) -> Z3Term {
        if thresholds.isEmpty { return value }
        let one = ctx.int(1)
        let zero = ctx.int(0)
        return thresholds.reduce(zero) { sum, threshold in
            sum + ctx.ite(value.ge(ctx.int(threshold)), then: one, else: zero)
        }
    }

    /// I3 (plain data by value), I5 (closures), I6 (bindings), I7 (references, observed objects
    /// included): whether one property compares equal; two kinds never do.
    func propertyEqual(_ old: GroundViewTerms.Property, _ new: GroundViewTerms.Property) -> Z3Term {
        typealias Kind = GroundViewTerms.Code.Property
        let noContext = ctx.int(0)
        func rule(_ kind: Kind) -> Z3Term {
            switch kind {
            case .plain, .text:
                // I3: by value. The mutant ignores the value, not whether it is a number or a
                // string (two kinds never compare equal, below).
                if rules.mutation == .plainDataIgnored { return ctx.bool(true) }
                return old.first.eq(new.first)
            case .closure:
                if rules.mutation == .closuresCompareEqual { return ctx.bool(true) }
                if rules.closures == .neverEqual { return ctx.bool(false) }
                return ctx.and([old.first.eq(noContext), new.first.eq(noContext)])
            case .manualBinding:
                // A new FunctionalLocation in a new box each time: never the same location.
                if rules.mutation == .manualBindingComparesEqual { return old.first.eq(new.first) }
                return ctx.bool(false)
            case .projectedBinding, .keyPathBinding:
                let location = ctx.and([old.first.eq(new.first), old.second.eq(new.second)])
                if rules.bindings == .locationOnly { return location }
                return ctx.and([location, old.third.eq(new.third)])
            case .reference, .observed:
                if rules.mutation == .referencesAlwaysEqual { return ctx.bool(true) }
                return old.first.eq(new.first)
            case .equatableReference:
                // I7: the same object, or (under `references: .equatable`) the class's `==`.
                if rules.mutation == .referencesAlwaysEqual { return ctx.bool(true) }
                let sameObject = old.first.eq(new.first)
                guard rules.equatableReferencesByEquality else { return sameObject }
                return ctx.or([sameObject, old.second.eq(new.second)])
            case .podStructure, .structure:
                // I3: a POD struct bit by bit, its own `==` ignored; a non-POD one by its own `==`
                // under `nested: .equatableUnlessPOD` once layouts are ready.
                let byEquality = rules.mutation == .nestedEqualityAlwaysUsed || (kind == .structure && rules.nonPODStructsByEquality)
                return byEquality ? old.second.eq(new.second) : old.first.eq(new.first)
            }
        }
        return ctx.or(Kind.allCases.map { kind in
            ctx.and([old.kind.eq(ctx.int(kind.rawValue)), new.kind.eq(ctx.int(kind.rawValue)), rule(kind)])
        })
    }

    /// The verdict of a comparison whose parts compared `same`: equal when all did, else different
    /// at the first that did not.
    private func firstDifference(same: [Z3Term], names: [String], numbers: inout GroundNumbers) -> Comparison {
        var verdict = ctx.int(Verdict.equal.rawValue)
        var property = ctx.int(-1)
        let different = ctx.int(Verdict.differentAt.rawValue)
        for (equal, name) in zip(same, names).reversed() {
            verdict = ctx.ite(equal, then: verdict, else: different)
            property = ctx.ite(equal, then: property, else: ctx.int(numbers.number(for: name)))
        }
        return Comparison(verdict: verdict, property: property)
    }
}
