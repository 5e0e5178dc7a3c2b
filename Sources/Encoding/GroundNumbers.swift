/// The strings of one render pair (labels, text, key paths, property names) as numbers, and back.
struct GroundNumbers {
    private var strings: [String] = []
    private var numbers: [String: Int] = [:]

    /// The number standing for `string`.
    mutating func number(for string: String) -> Int {
        if let known = numbers[string] { return known }
        numbers[string] = strings.count
        strings.append(string)
        return strings.count - 1
    }

    /// The string `number` stands for, or `nil`.
    func string(_ number: Int) -> String? { strings.indices.contains(number) ? strings[number] : nil }
}
