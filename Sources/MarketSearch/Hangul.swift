/// Hangul as search sees it: syllables taken apart into their letters (jamo), so that one wrong vowel is one
/// edit and a syllable typed so far is a prefix of the word; and the initial consonants (choseong) of a word,
/// which Korean shoppers type to find a word fast (`ㅁㄱㅋ` for 머그컵).
///
/// Every consonant is written as its initial form (U+1100…U+1112), wherever it stands: a final consonant is the
/// next syllable's initial as an input method types it (먹 is a prefix of 머그), and a double final (ㄺ) is its
/// two consonants. Vowels are one letter each (U+1161…U+1175).
public enum Hangul {
    /// The first and last precomposed syllables (가 and 힣).
    static let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3
    /// Initial consonants, as conjoining letters.
    static let initials: ClosedRange<UInt32> = 0x1100...0x1112
    /// Vowels, as conjoining letters.
    static let vowels: ClosedRange<UInt32> = 0x1161...0x1175
    /// Final consonants, as conjoining letters.
    static let finals: ClosedRange<UInt32> = 0x11A8...0x11C2
    /// The compatibility letters an input method sends alone (ㄱ … ㅣ).
    static let compatibilityLetters: ClosedRange<UInt32> = 0x3131...0x3163

    /// Whether `scalar` is Hangul: a syllable or a letter of any of the three blocks search reads.
    public static func isHangul(_ scalar: UInt32) -> Bool {
        syllables.contains(scalar) || initials.contains(scalar) || vowels.contains(scalar) || finals.contains(scalar)
            || compatibilityLetters.contains(scalar)
    }

    /// Whether `scalar` is an initial consonant in search's form.
    public static func isInitial(_ scalar: UInt32) -> Bool { initials.contains(scalar) }

    /// Appends the search letters of one Hangul scalar to `letters`.
    static func appendLetters(of scalar: UInt32, to letters: inout [UInt32]) {
        if syllables.contains(scalar) {
            let index = scalar - syllables.lowerBound
            letters.append(initials.lowerBound + index / 588)
            letters.append(vowels.lowerBound + (index % 588) / 28)
            let final = index % 28
            if final > 0 { letters.append(contentsOf: finalAsInitials[Int(final - 1)]) }
        } else if finals.contains(scalar) {
            letters.append(contentsOf: finalAsInitials[Int(scalar - finals.lowerBound)])
        } else if compatibilityLetters.contains(scalar) {
            letters.append(contentsOf: compatibility[Int(scalar - compatibilityLetters.lowerBound)])
        } else {
            letters.append(scalar)
        }
    }

    /// The initial consonant of a syllable, or nil for anything else.
    static func initial(of scalar: UInt32) -> UInt32? {
        syllables.contains(scalar) ? initials.lowerBound + (scalar - syllables.lowerBound) / 588 : nil
    }

    /// How many search letters a syllable's initial and vowel take (always 2) and its final (0, 1 or 2): the
    /// letters of one syllable, to map a match's letters back to the syllables shown.
    static func letterCount(of scalar: UInt32) -> Int {
        var letters: [UInt32] = []
        appendLetters(of: scalar, to: &letters)
        return letters.count
    }

    // Initial consonants by name: ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ.
    private static let g: UInt32 = 0x1100, gg: UInt32 = 0x1101, n: UInt32 = 0x1102, d: UInt32 = 0x1103
    private static let dd: UInt32 = 0x1104, r: UInt32 = 0x1105, m: UInt32 = 0x1106, b: UInt32 = 0x1107
    private static let bb: UInt32 = 0x1108, s: UInt32 = 0x1109, ss: UInt32 = 0x110A, ng: UInt32 = 0x110B
    private static let j: UInt32 = 0x110C, jj: UInt32 = 0x110D, ch: UInt32 = 0x110E, k: UInt32 = 0x110F
    private static let t: UInt32 = 0x1110, p: UInt32 = 0x1111, h: UInt32 = 0x1112

    /// The 27 finals (ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ) as initials.
    private static let finalAsInitials: [[UInt32]] = [
        [g], [gg], [g, s], [n], [n, j], [n, h], [d], [r], [r, g], [r, m], [r, b], [r, s], [r, t], [r, p], [r, h],
        [m], [b], [b, s], [s], [ss], [ng], [j], [ch], [k], [t], [p], [h],
    ]

    /// The compatibility letters U+3131…U+3163: 30 consonants as initials, then the 21 vowels.
    private static let compatibility: [[UInt32]] =
        [
            [g], [gg], [g, s], [n], [n, j], [n, h], [d], [dd], [r], [r, g], [r, m], [r, b], [r, s], [r, t], [r, p],
            [r, h], [m], [b], [bb], [b, s], [s], [ss], [ng], [j], [jj], [ch], [k], [t], [p], [h],
        ] + (0..<21).map { [vowels.lowerBound + UInt32($0)] }
}
