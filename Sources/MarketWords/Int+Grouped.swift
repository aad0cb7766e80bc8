extension Int {
    /// The number with a comma every three digits, as the market's documents and the form write it (307,200).
    public var grouped: String {
        let digits = Array(String(magnitude))
        let body = String(digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
        return self < 0 ? "-" + body : body
    }
}
