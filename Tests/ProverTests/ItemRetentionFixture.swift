/// The R7 fixtures' one long assumption, as a predicate a fixture's text starts with: `p` passes a
/// lazy stack with no lazy container below it, and below that an eager container other than a
/// `Group` (which owns no list: FINDINGS.md 29) with nothing above it that removes `p` by itself
/// (no `if`, optional, `ForEach` or `.id`). Under item-level retention a view removed inside that
/// eager child is not the stack's own item.
enum ItemRetentionFixture {
    static let insideAnEagerChild = """
        predicate insideAnEagerChildOfALazyStack(p) =
          exists i in p: p[i].kind == .container && (p[i].container == .LazyVStack || p[i].container == .LazyHStack)
            && (forall j in p: j > i && p[j].kind == .container => p[j].container != .LazyVStack && p[j].container != .LazyHStack)
            && (exists e in p: e > i && p[e].kind == .container && p[e].container != .Group && (forall j in p: j < e => p[j].kind != .conditional
                && p[j].kind != .optional && p[j].kind != .forEach && p[j].kind != .explicitID))
        """
}
