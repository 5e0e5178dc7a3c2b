import CZ3
import Foundation

/// A Z3 context: the owner of every sort, term, solver and model made from it.
///
/// A context is not thread-safe. Use one context per thread or job, and never mix terms of
/// two contexts (Z3Kit rejects that with a `Z3Error`). Every wrapper keeps its context alive.
/// Z3's error handler is disabled, so Z3 errors surface as thrown `Z3Error`s, never as an exit.
/// Builders (terms, sorts, declarations, assertions) do not throw: the first error they meet is
/// latched (`latchedError`), they return placeholders from then on, and every operation that
/// answers the caller (a check, a model's value, a decoded `Z3Value`, a script) throws it.
package final class Z3Context {
    /// When the Z3 objects behind this context's terms, sorts, declarations and models are released.
    package enum Retention: Sendable {
        /// When the last Swift reference to their handle goes: memory stays flat in a long-lived context.
        case whenUnused
        /// All at once, when the context ends (deleting a context frees everything it made). Z3
        /// numbers terms as it makes them, gives a released term's number to the next new one, and
        /// orders terms by number in its search; Swift releases a handle wherever the optimizer ends
        /// its lifetime (earlier in a release build than in a debug one). Kept until the end, Z3's
        /// numbers, and so its models and resource counts, follow from the calls made alone.
        case untilContextEnds
    }

    /// The default time limit of checks run by solvers of this context, in milliseconds.
    package let timeoutMilliseconds: Int
    /// The default resource limit (`rlimit`) of checks run by solvers of this context; nil: none.
    package let resourceLimit: Int?
    /// When this context's Z3 objects are released.
    package let retention: Retention
    /// The run whose cancellation interrupts this context's checks; nil: none does.
    package let cancellation: Z3Cancellation?

    /// The first error a builder met; every later check, evaluation or script throws it. Never
    /// cleared: terms built after it may be placeholders, so no later answer of this context holds.
    package private(set) var latchedError: Z3Error?

    let raw: Z3_context
    let rawBoolSort: Z3_sort
    let rawIntSort: Z3_sort
    /// `true`: what a builder returns once an error is latched.
    let rawPlaceholder: Z3_ast
    /// Under `untilContextEnds`, the references whose handles ended, given back just before the
    /// context is deleted: Z3 deletes a context that still has referenced terms by scanning its
    /// whole term table once per level of the terms' graph (quadratic: seconds for a few thousand
    /// nested terms), while giving the references back frees each term once.
    private(set) var endedASTs: [Z3_ast] = []
    private(set) var endedModels: [Z3_model] = []

    /// Creates a reference-counted context whose solvers stop after `timeoutMilliseconds`
    /// (and after `resourceLimit` resource units, when given) unless a check says otherwise, and
    /// whose Z3 objects are released as `retention` says, and whose checks `cancellation` stops.
    package init(
        timeoutMilliseconds: Int = 10_000, resourceLimit: Int? = nil, retention: Retention = .whenUnused,
        cancellation: Z3Cancellation? = nil
    ) throws {
        guard let config = Z3_mk_config() else {
            throw Z3Error(code: .memoryOut, message: "could not create a configuration", operation: "mk_config")
        }
        defer { Z3_del_config(config) }
        Z3_set_param_value(config, "model", "true")
        guard let context = Z3_mk_context_rc(config) else {
            throw Z3Error(code: .memoryOut, message: "could not create a context", operation: "mk_context_rc")
        }
        Z3_set_error_handler(context, nil)
        guard let boolSort = Z3_mk_bool_sort(context) else {
            Z3_del_context(context)
            throw Z3Error(code: .memoryOut, message: "could not create Bool", operation: "mk_bool_sort")
        }
        Z3_inc_ref(context, Z3_sort_to_ast(context, boolSort))
        guard let intSort = Z3_mk_int_sort(context) else {
            Z3_dec_ref(context, Z3_sort_to_ast(context, boolSort))
            Z3_del_context(context)
            throw Z3Error(code: .memoryOut, message: "could not create Int", operation: "mk_int_sort")
        }
        Z3_inc_ref(context, Z3_sort_to_ast(context, intSort))
        guard let placeholder = Z3_mk_true(context) else {
            Z3_dec_ref(context, Z3_sort_to_ast(context, intSort))
            Z3_dec_ref(context, Z3_sort_to_ast(context, boolSort))
            Z3_del_context(context)
            throw Z3Error(code: .memoryOut, message: "could not create true", operation: "mk_true")
        }
        Z3_inc_ref(context, placeholder)
        self.raw = context
        self.rawPlaceholder = placeholder
        self.rawBoolSort = boolSort
        self.rawIntSort = intSort
        self.timeoutMilliseconds = timeoutMilliseconds
        self.resourceLimit = resourceLimit
        self.retention = retention
        self.cancellation = cancellation
        cancellation?.register(self)
    }

    deinit {
        cancellation?.unregister(self)
        for model in endedModels { Z3_model_dec_ref(raw, model) }
        for ast in endedASTs.reversed() { Z3_dec_ref(raw, ast) }
        Z3_dec_ref(raw, rawPlaceholder)
        Z3_dec_ref(raw, Z3_sort_to_ast(raw, rawBoolSort))
        Z3_dec_ref(raw, Z3_sort_to_ast(raw, rawIntSort))
        Z3_del_context(raw)
    }

    /// Caps what Z3 allocates in the whole process (its `memory_max_size`) at `megabytes`: a call
    /// past it fails with a `memoryOut` error instead of the process running out of memory. Set
    /// once, before any context is made.
    package static func limitMemory(megabytes: Int) {
        Z3_global_param_set("memory_max_size", String(max(1, megabytes)))
    }

    /// The linked Z3's version, e.g. `"4.8.12"`.
    package static var version: String {
        var major: UInt32 = 0, minor: UInt32 = 0, build: UInt32 = 0, revision: UInt32 = 0
        Z3_get_version(&major, &minor, &build, &revision)
        return "\(major).\(minor).\(build)"
    }

    /// The linked Z3's full version string, e.g. `"4.8.12.0"`.
    package static var fullVersion: String {
        String(cString: Z3_get_full_version())
    }

    /// The Boolean sort.
    package var boolSort: Z3Sort { Z3Sort(context: self, raw: rawBoolSort) }

    /// The (mathematical) integer sort.
    package var intSort: Z3Sort { Z3Sort(context: self, raw: rawIntSort) }

    // MARK: - References (internal)

    /// Takes the reference of a new handle to `ast`.
    func retain(ast: Z3_ast) { Z3_inc_ref(raw, ast) }

    /// Gives up the reference of a handle to `ast` that ends, or at the context's end when it is kept until then.
    func release(ast: Z3_ast) {
        switch retention {
        case .whenUnused: Z3_dec_ref(raw, ast)
        case .untilContextEnds: endedASTs.append(ast)
        }
    }

    /// Takes the reference of a new handle to `model`.
    func retain(model: Z3_model) { Z3_model_inc_ref(raw, model) }

    /// Gives up the reference of a handle to `model` that ends, or at the context's end when it is kept until then.
    func release(model: Z3_model) {
        switch retention {
        case .whenUnused: Z3_model_dec_ref(raw, model)
        case .untilContextEnds: endedModels.append(model)
        }
    }

    // MARK: - Checked calls (internal)

    /// The pending Z3 error, if any. Must be read right after the Z3 call it checks: the next
    /// API call resets the code.
    func pendingError(_ operation: String) -> Z3Error? {
        let code = Z3_get_error_code(raw)
        guard code != Z3_OK else { return nil }
        let message = String(cString: Z3_get_error_msg(raw, code))
        return Z3Error(
            code: Z3Error.Code(rawValue: code.rawValue) ?? .exception,
            message: message.trimmingCharacters(in: .whitespacesAndNewlines),
            operation: operation
        )
    }

    /// Throws the pending Z3 error, if any; see `pendingError`.
    func checkError(_ operation: String) throws {
        if let error = pendingError(operation) { throw error }
    }

    /// Runs one Z3 call and checks its error code immediately.
    func call<T>(_ operation: String, _ body: (Z3_context) -> T) throws -> T {
        let result = body(raw)
        try checkError(operation)
        return result
    }

    /// Runs one Z3 call that returns a pointer, checks its error code immediately, and rejects null.
    func make(_ operation: String, _ body: (Z3_context) -> OpaquePointer?) throws -> OpaquePointer {
        let result = body(raw)
        try checkError(operation)
        guard let result else {
            throw Z3Error(code: .exception, message: "Z3 returned null", operation: operation)
        }
        return result
    }

    // MARK: - Latched builders (internal)

    /// Keeps `error` unless an earlier one is latched.
    func latch(_ error: Z3Error) {
        if latchedError == nil { latchedError = error }
    }

    /// Sets the `rlimit` (resource units; 0: none) a check reads when its solver sets none, as
    /// Z3Kit's solvers do: a context's parameter costs microseconds to set, a solver's ~5 ms once
    /// the solver is in use (Z3 collects and validates every parameter of its solvers).
    func setResourceLimit(_ units: Int) throws {
        let limit = String(UInt32(clamping: max(0, units)))
        try call("update_param_value") { Z3_update_param_value($0, "rlimit", limit) }
    }

    /// Throws the latched error, if any: called by every operation that answers the caller.
    package func throwLatchedError() throws {
        if let latchedError { throw latchedError }
    }

    /// Runs one Z3 builder call unless an error is latched; latches its error (or a null result)
    /// and answers nil then, so that no later call gets a handle Z3 did not make.
    func build(_ operation: String, _ body: (Z3_context) -> OpaquePointer?) -> OpaquePointer? {
        guard latchedError == nil else { return nil }
        let result = body(raw)
        if let error = pendingError(operation) {
            latch(error)
            return nil
        }
        guard let result else {
            latch(Z3Error(code: .exception, message: "Z3 returned null", operation: operation))
            return nil
        }
        return result
    }

    /// Makes a term from one Z3 builder call, reference counted; the placeholder after an error.
    func term(_ operation: String, _ body: (Z3_context) -> Z3_ast?) -> Z3Term {
        Z3Term(context: self, raw: build(operation, body) ?? rawPlaceholder)
    }

    /// The placeholder term, for a builder that rejects its arguments before calling Z3.
    var placeholder: Z3Term { Z3Term(context: self, raw: rawPlaceholder) }

    /// A Z3 symbol for a name.
    func symbol(_ name: String) throws -> Z3_symbol {
        try make("mk_string_symbol") { Z3_mk_string_symbol($0, name) }
    }

    /// A Z3 symbol for a name, for a builder; nil once an error is latched.
    func buildSymbol(_ name: String) -> Z3_symbol? {
        build("mk_string_symbol") { Z3_mk_string_symbol($0, name) }
    }

    /// Whether `owners` are all this context; latches an error (and answers false) otherwise, so
    /// that no handle of another context reaches Z3.
    func owns(_ owners: [Z3Context], _ operation: String) -> Bool {
        guard latchedError == nil else { return false }
        guard owners.allSatisfy({ $0 === self }) else {
            latch(Z3Error(code: .invalidArgument, message: "Z3Kit: arguments belong to a different Z3Context", operation: operation))
            return false
        }
        return true
    }

    /// Rejects terms, sorts or declarations that belong to another context.
    func requireOwn(_ owners: [Z3Context], _ operation: String) throws {
        for owner in owners where owner !== self {
            throw Z3Error(
                code: .invalidArgument,
                message: "Z3Kit: arguments belong to a different Z3Context",
                operation: operation
            )
        }
    }

    /// Latches a condition Z3Kit checks itself, e.g. a missing constructor.
    func reject(_ code: Z3Error.Code, _ message: String, _ operation: String) {
        latch(Z3Error(code: code, message: "Z3Kit: " + message, operation: operation))
    }
}
