extension BodyEvaluation {
    /// The rules of docs/invalidation.md that decided the event under `rules`: `I1` a new identity,
    /// `I9` a skipped parent, `I8` an own change or dependency, `I10` an environment key; a comparison is `I2` (which
    /// comparison the view got), with `I4` when `.equatable()` made it use `==`, and for a
    /// difference at a stored property the rule of that property's kind (`I3` plain data and
    /// strings, `I5` closures, `I6` bindings, `I7` references).
    public func rules(under rules: InvalidationRules) -> [String] {
        switch reason {
        case .newIdentity: return ["I1"]
        case .parentSkipped: return ["I9"]
        case .ownStateChanged, .dependencyChanged: return ["I8"]
        case .environmentChanged: return ["I10"]
        case .comparedEqual, .comparedDifferent:
            var names = ["I2"]
            if rules.i4EquatableApplies(to: value) { names.append("I4") }
            if case .comparedDifferent(.differentAt(ViewValue.stateField)) = reason, value.property(ViewValue.stateField) == nil {
                names.append("I3")
            } else if case .comparedDifferent(.differentAt(let name)) = reason, let kind = value.property(name)?.kind,
                previous?.property(name)?.kind == kind
            {
                names.append(Self.rule(of: kind))
            }
            return names
        }
    }

    /// The rule that compares a property of `kind`.
    private static func rule(of kind: PropertyKind) -> String {
        switch kind {
        case .plain, .text, .podStructure, .structure: return "I3"
        case .closure: return "I5"
        case .manualBinding, .projectedBinding, .keyPathBinding: return "I6"
        case .reference, .observed, .equatableReference: return "I7"
        }
    }
}
