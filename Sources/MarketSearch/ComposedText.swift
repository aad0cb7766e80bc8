import Foundation

/// Text as the market keeps and sends it: composed (NFC), so decomposed jamo from a terminal or an input method
/// (ᄉ ᅥ ᄋ ᅮ ᆯ) are the syllables they spell (서울) — shown, counted, stepped over and saved as such.
public enum ComposedText {
    /// The first and last final consonants (ᆨ and ᇂ), and the first precomposed syllable.
    static let finals: ClosedRange<UInt32> = 0x11A8...0x11C2
    static let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

    /// `text` in NFC. Foundation's composition on Linux leaves a syllable without a final followed by a final
    /// jamo apart (서우 + ᆯ stays three scalars, not 서울): that step of Unicode's Hangul composition is done here.
    public static func of(_ text: String) -> String {
        let composed = text.precomposedStringWithCanonicalMapping
        guard composed.unicodeScalars.contains(where: { finals.contains($0.value) }) else { return composed }
        var scalars = String.UnicodeScalarView()
        for scalar in composed.unicodeScalars {
            if finals.contains(scalar.value), let last = scalars.last, syllables.contains(last.value),
                (last.value - syllables.lowerBound) % 28 == 0,
                let joined = Unicode.Scalar(last.value + scalar.value - (finals.lowerBound - 1))
            {
                scalars.removeLast()
                scalars.append(joined)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
