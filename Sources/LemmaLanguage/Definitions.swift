/// The file-level definitions of a run, for the checker: the named predicates and the lemmas by
/// name, which files each file sees (itself and the files it imports), and what is wrong with them.
struct Definitions {
    /// Every predicate by name (the first definition of a name; a later one is E025).
    var predicates: [String: NamedPredicate] = [:]
    /// Predicates whose definition has an error: a call of one is reported once at the call (E037),
    /// its errors once at the definition.
    var broken: Set<String> = []
    /// Every lemma by name (the first of a name).
    var lemmas: [String: Lemma] = [:]
    /// The lemmas with errors of their own (their `use`s aside): a `use` of one is E065.
    var illFormed: Set<String> = []
    /// Every scenario's name.
    var scenarios: Set<String> = []
    /// File path → the paths of the files it imports.
    var imports: [String: Set<String>] = [:]
    /// Lemma name → the first of its `use`s that leads back to it, and the lemmas on the way (E067).
    var useCycles: [String: (use: LemmaUse, through: [String])] = [:]

    /// Whether `file` sees the definitions of `other`: its own, and those of the files it imports.
    func sees(_ file: String, _ other: String) -> Bool {
        file == other || imports[file]?.contains(other) == true
    }
}
