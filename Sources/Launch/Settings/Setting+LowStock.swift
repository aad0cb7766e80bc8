import Settings

extension Setting where Value == Int {
    /// A seller's products with this many or fewer in stock are marked low (0: none is).
    public static let lowStock = Setting(
        SettingSpec(
            name: "low-stock", kind: .number(minimum: 0), defaultText: "2",
            summary: "Your products with this many or fewer in stock are marked low (0: none is)."),
        standard: 2,
        parse: { text, _ throws(SettingRefusal) in
            guard let count = Int(text), count >= 0, count <= 1_000_000 else {
                throw SettingRefusal(allowed: "a whole number from 0 to 1000000")
            }
            return count
        },
        words: { String($0) })
}
