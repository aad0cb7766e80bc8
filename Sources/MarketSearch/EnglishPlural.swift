/// English singular and plural as the same word: both a text's words and a query's are read in the singular
/// too (mugs, mug; glasses, glass; batteries, battery; boxes, box), so either finds the other.
public enum EnglishPlural {
    private static let s: UInt32 = 0x73, e: UInt32 = 0x65, i: UInt32 = 0x69, y: UInt32 = 0x79, u: UInt32 = 0x75
    private static let c: UInt32 = 0x63, h: UInt32 = 0x68, x: UInt32 = 0x78, z: UInt32 = 0x7A

    /// The singular of a plural-looking English word of plain letters, or nil when it does not look plural.
    public static func singular(_ letters: [UInt32]) -> [UInt32]? {
        let n = letters.count
        guard n >= 4, letters[n - 1] == s, letters.allSatisfy({ (0x61...0x7A).contains($0) }) else { return nil }
        let (a, b, c3) = (letters[n - 2], letters[n - 3], letters[n - 4])
        if a == e, b == i, n > 4 { return letters.dropLast(3) + [y] }  // batteries
        if a == e, (b == s && c3 == s) || (b == h && (c3 == c || c3 == s)) || b == x || b == z {
            return Array(letters.dropLast(2))  // glasses, watches, dishes, boxes, quizzes
        }
        if a == s || a == u || a == i { return nil }  // glass, bus, axis
        return Array(letters.dropLast())
    }
}
