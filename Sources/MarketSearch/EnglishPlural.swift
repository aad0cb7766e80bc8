/// English singular and plural as the same word: both a text's words and a query's are read in the singular
/// too (mugs, mug; glasses, glass; batteries, battery; boxes, box), so either finds the other.
public enum EnglishPlural {
    /// The singular of a plural-looking English word of plain letters, or nil when it does not look plural.
    public static func singular(_ letters: [UInt32]) -> [UInt32]? {
        guard letters.count >= 4, letters.allSatisfy({ (0x61...0x7A).contains($0) }) else { return nil }
        func ends(_ suffix: String) -> Bool {
            let tail = Array(suffix.unicodeScalars.map(\.value))
            return letters.count > tail.count && letters.suffix(tail.count).elementsEqual(tail)
        }
        if ends("ies"), letters.count > 4 { return letters.dropLast(3) + [0x79] }
        if ends("sses") || ends("ches") || ends("shes") || ends("xes") || ends("zes") { return Array(letters.dropLast(2)) }
        if ends("s"), !ends("ss"), !ends("us"), !ends("is") { return Array(letters.dropLast()) }
        return nil
    }
}
