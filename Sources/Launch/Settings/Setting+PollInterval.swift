import Settings

extension Setting where Value == Double {
    /// Seconds between checks for new products.
    public static let pollInterval = Setting(
        SettingSpec(name: "poll-interval", kind: .number(minimum: 1), defaultText: "10", summary: "Seconds between checks for new products (1 or more)."),
        standard: 10,
        parse: { text, _ throws(SettingRefusal) in
            guard let seconds = Double(text), seconds.isFinite, seconds >= 1 else { throw SettingRefusal(allowed: "a number of 1 or more") }
            return seconds
        },
        words: { SettingSpec.format($0) })
}
