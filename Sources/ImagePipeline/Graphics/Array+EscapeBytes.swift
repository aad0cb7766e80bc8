/// Building escape sequences byte by byte.
extension [UInt8] {
    /// Appends a non-negative number in decimal ASCII.
    mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Appends a sixel character `count` times: as `!count` and the character when that is shorter.
    mutating func appendSixel(_ character: UInt8, count: Int) {
        if count > 3 {
            append(UInt8(ascii: "!"))
            appendDecimal(count)
            append(character)
        } else {
            for _ in 0..<count { append(character) }
        }
    }
}
