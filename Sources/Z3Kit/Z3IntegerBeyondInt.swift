/// A model's integer that does not fit `Int`: Z3's integers are unbounded, Swift's are not, so
/// the value is Z3's to have and no decoder's to read (`Z3Value`).
package struct Z3IntegerBeyondInt: Error, CustomStringConvertible {
    /// The integer as Z3 prints it.
    package let literal: String

    package var description: String { "the integer \(literal) (beyond Int)" }
}
