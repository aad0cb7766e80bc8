import Foundation

/// Splits a text into the words search reads (`SearchWord`): runs of letters and digits, split where Hangul
/// meets other letters (USB-C로: usb, c, 로), joined through hyphens and apostrophes. Folds case, width
/// (ＴＥＡ is tea), accents (café is cafe) and compatibility forms (NFKC); Hangul arrives as syllables or as
/// letters (decomposed jamo, an input method's ㅁ) and reads the same either way.
public enum SearchTokenizer {
    /// The longest word read, in letters: anything longer is cut there (nobody types it, and it keeps the
    /// work of one comparison bounded).
    public static let longestWord = 48

    /// The words of `text`, in order.
    public static func words(in text: String) -> [SearchWord] {
        var words: [SearchWord] = []
        var letters: [UInt32] = []
        var initials: [UInt32] = []
        var start = 0
        var hangul = false
        var joins = false
        // A connector seen right after a word: the next word joins it if nothing else comes between.
        var connectorPending = false
        var offset = 0
        var folded: [UInt32] = []

        func finish(at end: Int) {
            guard !letters.isEmpty else { return }
            let all = hangul && initials.count > 0
            words.append(
                SearchWord(
                    letters: Array(letters.prefix(longestWord)), initials: all ? initials : [], range: start..<end,
                    joinsPrevious: joins))
            letters.removeAll(keepingCapacity: true)
            initials.removeAll(keepingCapacity: true)
        }

        for scalar in text.unicodeScalars {
            defer { offset += 1 }
            let value = scalar.value
            let kind = classify(scalar, into: &folded)
            switch kind {
            case .letters(let isHangul):
                if !letters.isEmpty, isHangul != hangul {
                    finish(at: offset)
                    joins = false
                }
                if letters.isEmpty {
                    start = offset
                    hangul = isHangul
                    if !connectorPending { joins = false }
                    connectorPending = false
                }
                if isHangul {
                    for letter in folded { Hangul.appendLetters(of: letter, to: &letters) }
                    if let initial = Hangul.initial(of: value) { initials.append(initial) }
                    else if Hangul.isInitial(value) || Hangul.compatibilityLetters.contains(value) {
                        // A lone consonant (an input method's ㅁ, or ᄆ) is its own initial.
                        var own: [UInt32] = []
                        Hangul.appendLetters(of: value, to: &own)
                        if own.count == 1, Hangul.isInitial(own[0]) { initials.append(own[0]) }
                    }
                } else {
                    letters.append(contentsOf: folded)
                }
            case .mark:
                continue  // an accent on the letter before: part of the word, no letter of its own
            case .connector:
                let had = !letters.isEmpty
                finish(at: offset)
                connectorPending = had
                joins = had
            case .separator:
                finish(at: offset)
                connectorPending = false
                joins = false
            }
        }
        finish(at: offset)
        return words
    }

    /// How many search letters one scalar of a text gives (0 for a mark or a separator): to map letters matched
    /// back to the scalars shown.
    static func letterCount(of scalar: Unicode.Scalar) -> Int {
        var folded: [UInt32] = []
        guard case .letters(let hangul) = classify(scalar, into: &folded) else { return 0 }
        return hangul ? Hangul.letterCount(of: scalar.value) : folded.count
    }

    private enum Kind { case letters(hangul: Bool), mark, connector, separator }

    /// What one scalar is to a word; its folded letters go to `folded`.
    private static func classify(_ scalar: Unicode.Scalar, into folded: inout [UInt32]) -> Kind {
        let value = scalar.value
        folded.removeAll(keepingCapacity: true)
        switch value {
        case 0x30...0x39, 0x61...0x7A:
            folded.append(value)
            return .letters(hangul: false)
        case 0x41...0x5A:
            folded.append(value + 0x20)
            return .letters(hangul: false)
        case 0x2D, 0x27, 0x5F, 0x2E, 0x2019, 0x2010, 0x2011:  // - ' _ . ’ ‐ ‑
            return .connector
        case 0...0x7F:
            return .separator
        default:
            break
        }
        if Hangul.isHangul(value) {
            folded.append(value)
            return .letters(hangul: true)
        }
        let properties = scalar.properties
        if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark {
            return .mark
        }
        // Full-width and other compatibility forms, case and accents: Foundation's folding (NFKC within).
        let text = String(scalar).folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var sawHangul = false
        for part in text.precomposedStringWithCompatibilityMapping.unicodeScalars {
            if Hangul.isHangul(part.value) {
                sawHangul = true
                folded.append(part.value)
            } else if part.properties.isAlphabetic || part.properties.numericType != nil {
                folded.append(contentsOf: part.properties.lowercaseMapping.unicodeScalars.map(\.value))
            }
        }
        if folded.isEmpty {
            return text.unicodeScalars.first.map { [0x2D, 0x27, 0x5F, 0x2E].contains($0.value) } == true
                ? .connector : .separator
        }
        return .letters(hangul: sawHangul)
    }
}
