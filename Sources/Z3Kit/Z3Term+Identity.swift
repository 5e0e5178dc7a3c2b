import CZ3

extension Z3Term {
    /// Z3's id of the term: Z3 shares structurally equal terms, so two terms built alike in one
    /// context have the same id, and different terms different ids.
    package var astID: UInt32 { Z3_get_ast_id(context.raw, raw) }
}
