import CZ3

extension Z3Context {
    /// The empty sequence of `element`s.
    package func emptySequence(of element: Z3Sort) -> Z3Term {
        let sequenceSort = seqSort(of: element)
        return term("mk_seq_empty") { Z3_mk_seq_empty($0, sequenceSort.raw) }
    }

    /// The sequence whose only element is `element`.
    package func unitSequence(_ element: Z3Term) -> Z3Term {
        guard owns([element.context], "mk_seq_unit") else { return placeholder }
        return term("mk_seq_unit") { Z3_mk_seq_unit($0, element.raw) }
    }

    /// The concatenation of `sequences`, which must not be empty.
    package func concat(_ sequences: [Z3Term]) -> Z3Term {
        guard owns(sequences.map(\.context), "mk_seq_concat") else { return placeholder }
        let raws: [Z3_ast?] = sequences.map(\.raw)
        return term("mk_seq_concat") { Z3_mk_seq_concat($0, UInt32(raws.count), raws) }
    }

    /// The sequence `[elements...]` of `element`s (the empty sequence when `elements` is empty).
    package func sequence(_ elements: [Z3Term], of element: Z3Sort) -> Z3Term {
        guard !elements.isEmpty else { return emptySequence(of: element) }
        return concat(elements.map(unitSequence))
    }
}

extension Z3Term {
    /// The length of this sequence.
    package func length() -> Z3Term {
        context.term("mk_seq_length") { Z3_mk_seq_length($0, raw) }
    }

    /// The element at `index` of this sequence (unspecified when out of bounds).
    package func nth(_ index: Z3Term) -> Z3Term {
        combine("mk_seq_nth", [index]) { Z3_mk_seq_nth($0, raw, index.raw) }
    }

    /// The unit sequence of the element at `index` (empty when out of bounds).
    package func at(_ index: Z3Term) -> Z3Term {
        combine("mk_seq_at", [index]) { Z3_mk_seq_at($0, raw, index.raw) }
    }

    /// The subsequence of `length` elements starting at `offset`.
    package func extract(offset: Z3Term, length: Z3Term) -> Z3Term {
        combine("mk_seq_extract", [offset, length]) { Z3_mk_seq_extract($0, raw, offset.raw, length.raw) }
    }

    /// True when this sequence is a prefix of `sequence`.
    package func isPrefix(of sequence: Z3Term) -> Z3Term {
        combine("mk_seq_prefix", [sequence]) { Z3_mk_seq_prefix($0, raw, sequence.raw) }
    }

    /// True when this sequence is a suffix of `sequence`.
    package func isSuffix(of sequence: Z3Term) -> Z3Term {
        combine("mk_seq_suffix", [sequence]) { Z3_mk_seq_suffix($0, raw, sequence.raw) }
    }

    /// True when `subsequence` occurs contiguously in this sequence.
    package func contains(_ subsequence: Z3Term) -> Z3Term {
        combine("mk_seq_contains", [subsequence]) { Z3_mk_seq_contains($0, raw, subsequence.raw) }
    }
}
