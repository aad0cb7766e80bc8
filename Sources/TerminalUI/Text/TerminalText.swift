import Untrusted

/// Text made safe and measurable for the terminal.
///
/// Text from a server is untrusted: a control character or an escape sequence that reached the
/// terminal could move the cursor, change colours or worse. `sanitized` replaces every C0 and C1
/// control character, DEL and the bidirectional overrides with a visible placeholder, so such text
/// shows what it contains and never acts.
public enum TerminalText {
    /// `text` with control characters shown as placeholders (ESC as `␛`, a newline as `␊`, …): the one rule
    /// for text from outside, `UntrustedText.shown`.
    public static func sanitized(_ text: String) -> String {
        UntrustedText.shown(text)
    }

    /// The lines of a multi-line text (split at CR LF, LF or CR), each sanitized.
    public static func sanitizedLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "\r", omittingEmptySubsequences: false) }
            .map { sanitized(String($0)) }
    }

    /// True for scalars that must never reach the terminal as they are (controls, bidi overrides).
    public static func needsReplacement(_ s: Unicode.Scalar) -> Bool { UntrustedText.isUnsafe(s) }

    static func placeholder(for s: Unicode.Scalar) -> Unicode.Scalar { UntrustedText.placeholder(for: s) }

    /// The longest prefix of `text` that fits in `width` columns, with `…` when something was cut.
    /// Never splits a character; a wide character that would straddle the edge is left out.
    public static func truncated(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let budget = width - DisplayWidth.of(ellipsis)
        guard budget >= 0 else { return "" }
        var used = 0
        var out = ""
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > budget { break }
            out.append(character)
            used += w
        }
        return out + ellipsis
    }

    /// `text` padded with spaces (or truncated) to exactly `width` columns.
    public static func padded(_ text: String, toWidth width: Int) -> String {
        let cut = truncated(text, toWidth: width)
        return cut + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }

    /// `wrapped(text, width:)` in at most `maxLines` lines: when more was left, the last line holds what
    /// follows, cut with an ellipsis.
    public static func wrapped(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard maxLines > 0 else { return [] }
        let lines = wrapped(text, width: width)
        guard lines.count > maxLines else { return lines }
        let last = lines[(maxLines - 1)...].joined(separator: " ")
        return Array(lines.prefix(maxLines - 1)) + [truncated(last, toWidth: width)]
    }

    /// Wraps text into lines of at most `width` columns, breaking at spaces where it can and inside
    /// a word only when the word is wider than a line. Paragraph breaks are kept as empty lines.
    public static func wrapped(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in sanitizedLines(text) {
            if paragraph.isEmpty {
                lines.append("")
                continue
            }
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var word = String(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    var head = ""
                    var headWidth = 0
                    var rest = Substring(word)
                    while let c = rest.first, headWidth + DisplayWidth.of(c) <= width {
                        head.append(c)
                        headWidth += DisplayWidth.of(c)
                        rest = rest.dropFirst()
                    }
                    if head.isEmpty {  // a character wider than the line
                        head = String(rest.prefix(1))
                        rest = rest.dropFirst()
                    }
                    lines.append(head)
                    word = String(rest)
                    wordWidth = DisplayWidth.of(word)
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }
}
