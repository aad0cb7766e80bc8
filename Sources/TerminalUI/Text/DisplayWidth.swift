/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters (Hangul,
/// CJK, fullwidth forms, most emoji), 0 for combining marks and zero-width characters, 1 otherwise.
public enum DisplayWidth {
    /// Ranges of scalars drawn two columns wide (Unicode East Asian Width W and F, emoji presentation).
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
        0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
        0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Ranges of scalars that take no column of their own (combining marks, joiners, variation selectors).
    static let zero: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F, 0x0E31...0x0E31,
        0x0E34...0x0E3A, 0x0E47...0x0E4E, 0x1160...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F,
        0x20D0...0x20FF, 0xD7B0...0xD7FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF...0xFEFF, 0xE0100...0xE01EF,
    ]

    /// Columns one scalar takes.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        if contains(zero, v) { return 0 }
        return contains(wide, v) ? 2 : 1
    }

    /// Columns one grapheme takes: its first scalar's width, or 2 for emoji made wide by U+FE0F.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = of(first)
        if base == 1, scalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
        return base
    }

    /// Columns a string takes. ASCII (a column a byte, a CR LF pair one grapheme) and a single scalar (most
    /// cells: a letter, a syllable, a half block) are counted without breaking the text into graphemes.
    public static func of(_ text: some StringProtocol) -> Int {
        var bytes = 0
        var pairs = 0
        var previous: UInt8 = 0
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if previous == 0x0D, byte == 0x0A { pairs += 1 }
            previous = byte
            bytes += 1
        }
        if ascii { return bytes - pairs }
        var scalars = text.unicodeScalars.makeIterator()
        if let first = scalars.next(), scalars.next() == nil { return of(first) }
        // Text of scalars that each stand alone (a price's ₩, a title's ·, Hangul syllables, box drawing) is
        // counted a scalar at a time; anything that could join a grapheme with its neighbours is broken into them.
        var simple = 0
        for scalar in text.unicodeScalars {
            guard let width = standalone(scalar) else {
                simple = -1
                break
            }
            simple += width
        }
        if simple >= 0 { return simple }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns of a printable scalar that is a grapheme by itself whatever stands beside it — from scripts and
    /// symbols that have no joining, combining or presentation forms of their own: Latin to U+02FF, general
    /// punctuation, currency, letterlike symbols, arrows, technical and box-drawing, blocks, shapes, CJK, kana and
    /// Hangul syllables. Nil for any other (a control, a mark, a joiner, a variation selector, an emoji that a
    /// modifier may follow), which must be measured by graphemes.
    public static func standalone(_ scalar: Unicode.Scalar) -> Int? {
        let v = scalar.value
        switch v {
        case 0x20...0x7E, 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF: return 1
        case 0x2100...0x2BFF: return of(scalar)
        case 0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
            0xFF01...0xFF60:
            return 2
        default: return nil
        }
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ v: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if v < ranges[mid].lowerBound {
                high = mid - 1
            } else if v > ranges[mid].upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
