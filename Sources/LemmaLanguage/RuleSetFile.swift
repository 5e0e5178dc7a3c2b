import Foundation
import IdentityModel
import Invalidation

/// A rule-set file (`*.rules`, Lemmas/README.md "Rule-set files"): blocks that each start from a
/// named rule set or another block of the file and override its options,
///
///     rules listRetains from runtime {
///         retainingContainers: [LazyVStack, LazyHStack, List]
///     }
///
/// parsed with the lemma lexer and resolved into typed rule sets; every mistake is a diagnostic
/// with its id and location. The file stands for its last block.
package struct RuleSetFile: Sendable {
    /// One `rules NAME from BASE [invalidation BASE] { option: value … }` block, as written.
    struct Block: Sendable {
        var name: Located<String>
        var base: Located<String>
        var invalidationBase: Located<String>?
        var options: [(key: Located<String>, words: [String], isList: Bool, range: SourceRange)]
    }

    /// Every block, resolved, in the file's order (blocks with errors left out).
    package var sets: [RuleSelection]
    /// The set the file stands for: its last block, or `nil` when it has errors.
    package var selection: RuleSelection?
    /// Every problem, in the file's order.
    package var diagnostics: [Diagnostic]

    /// Reads, parses and resolves the file at `url`; an unreadable file is E090.
    package static func load(_ url: URL) -> RuleSetFile {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let diagnostic = Diagnostic(
                .unreadableFile, "cannot read rule-set file", at: SourceLocation(file: url.path, line: 1, column: 1, offset: 0))
            return RuleSetFile(sets: [], selection: nil, diagnostics: [diagnostic])
        }
        return parse(SourceFile(path: url.path, text: String(decoding: data, as: UTF8.self)))
    }

    /// Parses and resolves `source`.
    package static func parse(_ source: SourceFile) -> RuleSetFile {
        let (tokens, lexical) = Lexer.tokenize(source)
        var diagnostics = lexical
        let blocks = lexical.isEmpty ? parseBlocks(tokens, &diagnostics) : []
        var resolver = Resolver(blocks: blocks)
        let sets = diagnostics.isEmpty ? resolver.resolveAll() : []
        diagnostics += resolver.diagnostics
        if diagnostics.isEmpty, blocks.isEmpty {
            diagnostics.append(Diagnostic(
                .emptyRuleSetFile, "no rule set in this file; write 'rules NAME from BASE { … }'",
                at: SourceLocation(file: source.path, line: 1, column: 1, offset: 0)))
        }
        let ordered = diagnostics.enumerated()
            .sorted { ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset) }
            .map { source.annotate($0.element) }
        let valid = !ordered.contains(where: \.isError)
        return RuleSetFile(sets: valid ? sets : [], selection: valid ? sets.last : nil, diagnostics: ordered)
    }

    // MARK: Syntax

    private static func parseBlocks(_ tokens: [Token], _ diagnostics: inout [Diagnostic]) -> [Block] {
        var blocks: [Block] = []
        var index = 0
        func expected(_ what: String) {
            let token = tokens[index]
            diagnostics.append(Diagnostic(.expectedToken, "expected \(what), found \(token.spelling)", at: token.range.start))
        }
        func word() -> Located<String>? {
            guard let name = tokens[index].identifier else { return nil }
            defer { index += 1 }
            return Located(name, at: tokens[index].range)
        }
        func keyword(_ text: String) -> Bool {
            guard tokens[index].identifier == text else { return false }
            index += 1
            return true
        }
        func mark(_ mark: Punctuation) -> Bool {
            guard tokens[index].isPunctuation(mark) else { return false }
            index += 1
            return true
        }
        while tokens[index].kind != .endOfFile {
            guard keyword("rules") else {
                expected("'rules'")
                return blocks
            }
            guard let name = word() else { expected("a rule set name after 'rules'"); return blocks }
            guard keyword("from") else { expected("'from' after the rule set's name"); return blocks }
            guard let base = word() else { expected("a base rule set after 'from'"); return blocks }
            var invalidationBase: Located<String>?
            if keyword("invalidation") {
                guard let given = word() else { expected("an invalidation rule set after 'invalidation'"); return blocks }
                invalidationBase = given
            }
            guard mark(.leftBrace) else { expected("'{'"); return blocks }
            var block = Block(name: name, base: base, invalidationBase: invalidationBase, options: [])
            while !mark(.rightBrace) {
                guard let key = word() else { expected("an option name or '}'"); return blocks }
                guard mark(.colon) else { expected("':' after '\(key.value)'"); return blocks }
                var words: [String] = []
                let start = tokens[index].range
                if mark(.leftBracket) {
                    if !mark(.rightBracket) {
                        repeat {
                            guard let element = word() else { expected("a value in the list"); return blocks }
                            words.append(element.value)
                        } while mark(.comma)
                        guard mark(.rightBracket) else { expected("',' or ']'"); return blocks }
                    }
                    block.options.append((key, words, true, start.extended(to: tokens[index - 1].range)))
                } else {
                    guard let value = word() else { expected("a value after '\(key.value):'"); return blocks }
                    block.options.append((key, [value.value], false, value.range))
                }
                _ = mark(.comma) || mark(.semicolon)
            }
            blocks.append(block)
        }
        return blocks
    }

    // MARK: Meaning

    /// Resolves blocks in dependency order, each once; reports what `RuleSetFile` documents.
    private struct Resolver {
        private enum State {
            case resolving
            case done(RuleSelection)
            case failed
        }

        /// What a base names: a set, no set at all, or a block that failed (reported already).
        private enum Lookup {
            case found(RuleSelection)
            case unknown
            case failed
        }

        let blocks: [Block]
        var diagnostics: [Diagnostic] = []
        private var states: [String: State] = [:]
        private var byName: [String: Block] = [:]

        init(blocks: [Block]) { self.blocks = blocks }

        mutating func resolveAll() -> [RuleSelection] {
            for block in blocks {
                if let first = byName[block.name.value] {
                    diagnostics.append(Diagnostic(
                        .duplicateRuleSet, "rule set '\(block.name.value)' is defined twice in this file", at: block.name.range.start,
                        notes: [Diagnostic.Note("first defined here", at: first.name.range.start)]))
                } else if RuleSelection.named(block.name.value) != nil {
                    diagnostics.append(Diagnostic(
                        .duplicateRuleSet, "rule set '\(block.name.value)' is already a named rule set; choose another name",
                        at: block.name.range.start))
                } else {
                    byName[block.name.value] = block
                }
            }
            guard diagnostics.isEmpty else { return [] }
            return blocks.compactMap { resolve($0) }
        }

        /// Resolves `block` after the blocks its `build` looks up, in the order a recursion would
        /// enter them, but on a stack of its own: a chain of bases as long as the file (tens of
        /// thousands of blocks) must not exhaust the thread's stack.
        private mutating func resolve(_ block: Block) -> RuleSelection? {
            switch states[block.name.value] {
            case .done(let set): return set
            case .failed, .resolving: return nil
            case nil: break
            }
            states[block.name.value] = .resolving
            var entered = [block]
            while let top = entered.last {
                if let next = unresolvedDependency(of: top) {
                    states[next.name.value] = .resolving
                    entered.append(next)
                    continue
                }
                entered.removeLast()
                states[top.name.value] = build(top).map(State.done) ?? .failed
            }
            if case .done(let set) = states[block.name.value] { return set }
            return nil
        }

        /// The block `build(block)` would resolve next, if it is not resolved or being resolved:
        /// its base, then (once the base is found) its invalidation base.
        private func unresolvedDependency(of block: Block) -> Block? {
            if let base = byName[block.base.value] {
                switch states[base.name.value] {
                case nil: return base
                case .failed, .resolving: return nil
                case .done: break
                }
            } else if RuleSelection.named(block.base.value) == nil {
                return nil
            }
            guard let given = block.invalidationBase, let base = byName[given.value], states[base.name.value] == nil else { return nil }
            return base
        }

        /// The set `name` names: a block of the file (resolved first), else the named set of that name
        /// (`RuleSelection.named`, or in the invalidation layer alone for `invalidation BASE`); a
        /// block still being resolved closes a cycle (E084, reported here).
        private mutating func lookup(_ name: Located<String>, from block: Block, invalidationOnly: Bool = false) -> Lookup {
            guard let other = byName[name.value] else {
                let named = invalidationOnly
                    ? InvalidationRules.named(name.value).map { RuleSelection(name: name.value, identity: nil, invalidation: $0) }
                    : RuleSelection.named(name.value)
                return named.map(Lookup.found) ?? .unknown
            }
            if case .resolving = states[name.value] {
                diagnostics.append(Diagnostic(
                    .ruleSetCycle, "rule set '\(block.name.value)' starts from '\(name.value)', whose bases lead back to it",
                    at: name.range.start))
                return .failed
            }
            return resolve(other).map(Lookup.found) ?? .failed
        }

        private mutating func build(_ block: Block) -> RuleSelection? {
            let name = block.name.value
            func unknownBase(_ base: Located<String>, _ known: [String]) {
                diagnostics.append(Diagnostic(
                    .unknownRuleSetBase, "unknown base rule set '\(base.value)'", at: base.range.start,
                    notes: [Diagnostic.Note("known: \((known + byName.keys.filter { $0 != name }.sorted()).joined(separator: ", "))")]))
            }
            let base: RuleSelection
            switch lookup(block.base, from: block) {
            case .found(let set): base = set
            case .unknown:
                unknownBase(block.base, RuleSelection.names)
                return nil
            case .failed: return nil
            }
            var identity = base.identity
            var invalidation = base.invalidation
            if let given = block.invalidationBase {
                switch lookup(given, from: block, invalidationOnly: true) {
                case .found(let set) where set.invalidation != nil: invalidation = set.invalidation
                case .found, .unknown:
                    unknownBase(given, InvalidationRules.all.map(\.name))
                    return nil
                case .failed: return nil
                }
            }
            var firstGiven: [RuleSetOption: SourceRange] = [:]
            var identityMutation: RuleMutation?
            var invalidationMutation: InvalidationMutation?
            var failed = false
            var changedIdentity = false
            var changedInvalidation = false
            for (key, words, isList, range) in block.options {
                guard let option = RuleSetOption(rawValue: key.value) else {
                    diagnostics.append(Diagnostic(
                        .unknownRuleSetOption, "unknown option '\(key.value)'", at: key.range.start,
                        notes: [Diagnostic.Note("options: \(RuleSetOption.allCases.map(\.rawValue).joined(separator: ", "))")]))
                    failed = true
                    continue
                }
                if let first = firstGiven[option] {
                    diagnostics.append(Diagnostic(
                        .duplicateRuleSetOption, "option '\(key.value)' is given twice in rule set '\(name)'", at: key.range.start,
                        notes: [Diagnostic.Note("first given here", at: first.start)]))
                    failed = true
                    continue
                }
                firstGiven[option] = key.range
                let badWord = words.first { !option.values.contains($0) }
                if let badWord {
                    diagnostics.append(Diagnostic(
                        .badRuleSetValue, "'\(badWord)' is not a value of '\(key.value)'", at: range.start,
                        notes: [Diagnostic.Note("values: \(option.values.joined(separator: ", "))")]))
                    failed = true
                    continue
                }
                if option.takesList != isList {
                    diagnostics.append(Diagnostic(
                        .badRuleSetValue, "'\(key.value)' takes \(option.takesList ? "a list, [A, B]" : "one value, not a list")", at: range.start,
                        notes: [Diagnostic.Note("values: \(option.values.joined(separator: ", "))")]))
                    failed = true
                    continue
                }
                if option.isInvalidation, invalidation == nil {
                    diagnostics.append(Diagnostic(
                        .ruleSetLayerMissing,
                        "'\(key.value)' is an invalidation option, but '\(block.base.value)' has no invalidation rules",
                        at: key.range.start,
                        notes: [Diagnostic.Note("give it one: 'rules \(name) from \(block.base.value) invalidation runtime { … }'")]))
                    failed = true
                    continue
                }
                if !option.isInvalidation, identity == nil {
                    diagnostics.append(Diagnostic(
                        .ruleSetLayerMissing, "'\(key.value)' is an identity option, but '\(block.base.value)' has no identity rules",
                        at: key.range.start))
                    failed = true
                    continue
                }
                switch option {
                case .mutation: identityMutation = RuleMutation(rawValue: words[0])
                case .invalidationMutation: invalidationMutation = InvalidationMutation(rawValue: words[0])
                default:
                    if option.isInvalidation {
                        invalidation = invalidation.map { option.apply(words[0], to: $0) }
                    } else {
                        identity = identity.map { option.apply(words, to: $0) }
                    }
                }
                if option.isInvalidation { changedInvalidation = true } else { changedIdentity = true }
            }
            // A set carries one mutation per layer: a second would silently drop its base's.
            for (option, given, inherited) in [
                (RuleSetOption.mutation, identityMutation?.rawValue, identity?.mutation?.rawValue),
                (.invalidationMutation, invalidationMutation?.rawValue, invalidation?.mutation?.rawValue),
            ] {
                guard let given, let inherited, given != inherited, let range = firstGiven[option] else { continue }
                diagnostics.append(Diagnostic(
                    .duplicateRuleSetOption,
                    "option '\(option.rawValue)' is given over '\(block.base.value)', which already applies \(inherited); "
                        + "a rule set carries one mutation per layer",
                    at: range.start))
                failed = true
            }
            guard !failed else { return nil }
            // A layer the block changes takes the block's name; a mutation, inherited or its own,
            // is applied last, by the one function that makes mutants.
            if changedIdentity, let rules = identity {
                let renamed = rules.renamed(name)
                identity = (identityMutation ?? rules.mutation).map(renamed.mutated) ?? renamed
            }
            if changedInvalidation, let rules = invalidation {
                let renamed = rules.renamed(name)
                invalidation = (invalidationMutation ?? rules.mutation).map(renamed.mutated) ?? renamed
            }
            return RuleSelection(name: name, identity: identity, invalidation: invalidation)
        }
    }
}
