/// The one rule for text that comes from outside — a server's product names and errors, a visitor's user name
/// and TERM, a settings file's values, a terminal's answers — before it reaches a terminal or a log.
///
/// Such text is untrusted: a control character or an escape sequence that reached a terminal could move the
/// cursor, change the title or clear the screen, and a newline that reached a log could forge a line.
/// `shown` replaces every C0 and C1 control character, DEL, the line and paragraph separators and the
/// bidirectional controls with a visible placeholder (ESC as `␛`, a newline as `␊`, C1 and the rest as `�`),
/// so such text shows what it holds and never acts. `logValue` does the same for one value of a log line and
/// quotes it where it could pass for more than one value.
public enum UntrustedText {
    /// True for scalars that must never reach a terminal or a log as they are.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x200E || v == 0x200F || v == 0x061C || v == 0x2028 || v == 0x2029
    }

    /// What an unsafe scalar is shown as: C0 controls as their control pictures (`␀` … `␟`, `␛` for ESC),
    /// DEL as `␡`, everything else (C1 controls, separators, direction controls) as `�`.
    public static func placeholder(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        if v < 0x20 { return Unicode.Scalar(0x2400 + v)! }
        if v == 0x7F { return "\u{2421}" }
        return "\u{FFFD}"
    }

    /// `text` with every unsafe scalar replaced by its placeholder; when `limit` is given, cut to at most that
    /// many characters, the last of them `…` where something was cut.
    public static func shown(_ text: String, limit: Int? = nil) -> String {
        var result = text
        if text.unicodeScalars.contains(where: isUnsafe) {
            var out = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                out.append(isUnsafe(scalar) ? placeholder(for: scalar) : scalar)
            }
            result = String(out)
        }
        guard let limit, limit > 0, result.count > limit else { return result }
        return String(result.prefix(limit - 1)) + "…"
    }

    /// One value of a `key=value` log line: `shown`, cut at `limit` characters, and in double quotes (a quote
    /// or a backslash inside escaped) when it is empty or holds a space, a quote, a backslash or `=` — so a
    /// visitor's user name `admin key=…` is one value, never two.
    public static func logValue(_ text: String, limit: Int = 64) -> String {
        let clean = shown(text, limit: limit)
        let needsQuotes = clean.isEmpty || clean.contains { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "=" || $0.isWhitespace }
        guard needsQuotes else { return clean }
        var quoted = "\""
        for character in clean {
            if character == "\\" || character == "\"" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
