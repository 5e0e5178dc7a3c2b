import IdentityModel
import Z3Kit

/// Sibling independence: the element a tuple or a ForEach gives a child depends on the child's
/// slot or key and on the child, not on the other children. Locality lifts this to the identity of
/// every node below the child. The obligations hold even when two rows share a key: a key collision
/// makes two rows share an identity, which the semantics reports as undefined behaviour
/// (`duplicateForEachKeys`) rather than giving it a meaning.
extension ObligationQuery {
    func siblingIndependence(_ inductionCase: InductionCase) {
        if inductionCase == .construct(.forEach) {
            forEachSiblings()
        } else {
            tupleSiblings()
        }
    }

    /// Child `i` of two lists with the same child `i`, other children arbitrary.
    private func tupleSiblings() {
        let cs1 = vocabulary.constant("cs1", vocabulary.nodeList.sort)
        let cs2 = vocabulary.constant("cs2", vocabulary.nodeList.sort)
        let i = vocabulary.constant("i", context.intSort)
        assert(
            vocabulary.childAt(cs1, i).eq(vocabulary.childAt(cs2, i)),
            i >= 0, i.lt(vocabulary.childCount(cs1)), i.lt(vocabulary.childCount(cs2)))
        let first = rules.tupleElement(children: cs1, slot: i)
        prove(first.eq(rules.tupleElement(children: cs2, slot: i)))
    }

    /// A row with the same key and content at offset `j1` of `rs1` and at offset `j2` of `rs2`.
    private func forEachSiblings() {
        let rs1 = vocabulary.constant("rs1", vocabulary.rowList.sort)
        let rs2 = vocabulary.constant("rs2", vocabulary.rowList.sort)
        let j1 = vocabulary.constant("j1", context.intSort)
        let j2 = vocabulary.constant("j2", context.intSort)
        let key1 = vocabulary.rowKeyAt(rs1, j1)
        let key2 = vocabulary.rowKeyAt(rs2, j2)
        assert(
            key1.eq(key2), vocabulary.rowAt(rs1, j1).eq(vocabulary.rowAt(rs2, j2)),
            j1 >= 0, j1.lt(vocabulary.rowCount(rs1)), j2 >= 0, j2.lt(vocabulary.rowCount(rs2)))
        let first = rules.forEachElement(key: key1, offset: j1)
        prove(first.eq(rules.forEachElement(key: key2, offset: j2)))
    }
}
