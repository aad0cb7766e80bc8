import TerminalUI

/// Text from a server on its way to the screen: sanitised, cut to a width, wrapped. The invariants are
/// what keeps a hostile product name from acting on the terminal or spilling out of its box.
enum TextFuzz {
    static let target = FuzzTarget(
        name: "text",
        summary: "terminal text: sanitiser, truncation and wrapping of untrusted text (no control reaches the screen, widths kept)"
    ) { input in
        guard let first = input.first else { return }
        let width = Int(first % 48)
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        let clean = TerminalText.sanitized(text)
        precondition(!clean.unicodeScalars.contains(where: TerminalText.needsReplacement), "a control survived sanitizing")
        for line in TerminalText.sanitizedLines(text) {
            precondition(!line.unicodeScalars.contains(where: TerminalText.needsReplacement), "a control survived in a line")
        }
        let cut = TerminalText.truncated(clean, toWidth: width)
        precondition(DisplayWidth.of(cut) <= max(width, 0), "truncated text wider than its width")
        let padded = TerminalText.padded(clean, toWidth: width)
        precondition(DisplayWidth.of(padded) <= max(width, 0), "padded text wider than its width")
        for line in TerminalText.wrapped(text, width: width) {
            precondition(!line.unicodeScalars.contains(where: TerminalText.needsReplacement), "a control survived wrapping")
            // A single character wider than the whole line is the one allowed overflow.
            precondition(DisplayWidth.of(line) <= width || line.count == 1, "a wrapped line wider than its width")
        }
        let most = Int(first / 48) % 4
        let capped = TerminalText.wrapped(text, width: width, maxLines: most)
        precondition(capped.count <= most, "more lines than asked for")
        for line in capped {
            precondition(!line.unicodeScalars.contains(where: TerminalText.needsReplacement), "a control survived capped wrapping")
            precondition(DisplayWidth.of(line) <= width || line.count == 1, "a capped line wider than its width")
        }
    }
}
