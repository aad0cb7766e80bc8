extension Collection where Element: RawRepresentable, Element.RawValue == String {
    /// The raw values as English lists them: "a", "a or b", "a, b or c".
    public var spoken: String {
        let words = map(\.rawValue)
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}
