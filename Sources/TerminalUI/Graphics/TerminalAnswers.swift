/// What a terminal answered to `TerminalQueries.graphics`. A field is nil when the terminal did not answer
/// that question (most answer only some of them; a few answer nothing at all).
public struct TerminalAnswers: Sendable, Equatable {
    /// The kitty graphics protocol: true for "OK", false for an error answer.
    public var kittyGraphics: Bool?
    /// Primary Device Attributes (`CSI ? Ps ; … c`); its arrival ends the wait.
    public var primaryAttributes: [Int]?
    /// XTVERSION's text, e.g. "kitty(0.35.2)", "XTerm(379)", "WezTerm 20240203…", "foot(1.16.2)", "tmux 3.3a".
    public var version: String?
    /// Sixel colour registers (XTSMGRAPHICS).
    public var sixelColorRegisters: Int?
    /// The largest sixel picture (XTSMGRAPHICS).
    public var sixelMaximum: PixelSize?
    /// One cell in pixels (`CSI 6 ; h ; w t`).
    public var cellSize: PixelSize?
    /// The text area in pixels (`CSI 4 ; h ; w t`).
    public var textAreaPixels: PixelSize?
    /// The text area in cells (`CSI 8 ; rows ; columns t`), as width = columns, height = rows.
    public var textAreaCells: PixelSize?
    /// The window in pixels and in cells as the kernel's window size has them (TIOCGWINSZ: xterm fills the
    /// pixels in locally, an SSH client sends its own), when the pixels are not zero.
    public var windowPixels: PixelSize?
    public var windowCells: PixelSize?
    /// The terminal kept a 24-bit colour when asked back for it (DECRQSS of SGR).
    public var directColor: Bool?
    /// The background colour (OSC 11), each channel 0…1.
    public var background: BackgroundColor?
    /// Synchronized output (DEC private mode 2026): true when DECRQM says the mode is known (set or reset),
    /// false when it says not recognized or permanently reset.
    public var synchronizedOutput: Bool?
    /// Colour-scheme reports (DEC private mode 2031): true when DECRQM says the mode is known.
    public var colorSchemeReports: Bool?
    /// Bytes that were no answer (keys typed while waiting), in order.
    public var other: [UInt8] = []

    public init() {}

    /// The terminal answered Primary Device Attributes: no other answer will come.
    public var isComplete: Bool { primaryAttributes != nil }

    /// Whether the terminal draws OSC 8 hyperlinks, by the name it answers XTVERSION with (no question
    /// tells; one that does not know OSC 8 may show its bytes). tmux is left out: before 3.4 it drops them.
    public var drawsHyperlinks: Bool {
        guard let version = version?.lowercased() else { return false }
        return ["kitty", "wezterm", "foot", "iterm2", "ghostty", "konsole", "contour", "vte", "rio", "alacritty"].contains {
            version.hasPrefix($0)
        }
    }

    /// Whether what OSC 52 sends reaches the clipboard (no question tells; see `ClipboardSupport.of`).
    public var clipboard: ClipboardSupport { ClipboardSupport.of(attributes: primaryAttributes, version: version) }

    /// Sixel graphics, by Primary Device Attributes.
    public var sixel: Bool { primaryAttributes?.contains(4) ?? false }

    /// One cell in pixels: as reported (`CSI 16 t`), else the text area's pixels divided by its cells
    /// (`CSI 14 t`, `CSI 18 t`), else the kernel's window size (xterm answers neither unless its window
    /// operations are allowed, but fills that in). Whatever was answered, clamped to what real terminals report
    /// (`PixelSize.clampedAsCell`): over SSH these are a stranger's numbers, and every picture is scaled by them.
    public var cellPixels: PixelSize? {
        if let cellSize, cellSize.width > 0, cellSize.height > 0 { return cellSize.clampedAsCell }
        return (Self.divide(textAreaPixels, by: textAreaCells) ?? Self.divide(windowPixels, by: windowCells))?.clampedAsCell
    }

    private static func divide(_ pixels: PixelSize?, by cells: PixelSize?) -> PixelSize? {
        guard let pixels, let cells, cells.width > 0, cells.height > 0, pixels.width >= cells.width,
            pixels.height >= cells.height
        else { return nil }
        return PixelSize(width: pixels.width / cells.width, height: pixels.height / cells.height)
    }

    /// One line for the log: what was answered (the version sanitized: it comes from the terminal).
    public var summary: String {
        guard isComplete || kittyGraphics != nil || version != nil else { return "nothing" }
        var parts: [String] = []
        if let version { parts.append(TerminalText.sanitized(String(version.prefix(40)))) }
        parts.append("kitty graphics " + (kittyGraphics == true ? "yes" : "no"))
        parts.append(sixel ? "sixel" + (sixelColorRegisters.map { " (\($0) colours)" } ?? "") : "no sixel")
        if let cell = cellPixels { parts.append("cell \(cell.width)×\(cell.height) px") }
        if let directColor { parts.append("direct colour " + (directColor ? "yes" : "no")) }
        if let background { parts.append("background " + (background.isLight ? "light" : "dark")) }
        if let synchronizedOutput { parts.append("synchronized output " + (synchronizedOutput ? "yes" : "no")) }
        if let colorSchemeReports { parts.append("colour-scheme reports " + (colorSchemeReports ? "yes" : "no")) }
        return parts.joined(separator: ", ")
    }

    /// Reads the answers out of what the terminal sent; what is not an answer goes to `other`. Sequences
    /// cut off at the end are left out (and their bytes with them).
    public static func parse(_ bytes: [UInt8]) -> TerminalAnswers {
        var answers = TerminalAnswers()
        var reader = EscapeSequenceReader(bytes)
        while let sequence = reader.next() {
            switch sequence {
            case .other(let byte): answers.other.append(byte)
            case .csi(let body, let final): answers.readCSI(body, final: final)
            case .string(let introducer, let body): answers.readString(introducer, body)
            }
        }
        return answers
    }

    private mutating func readCSI(_ body: [UInt8], final: UInt8) {
        let text = String(decoding: body, as: UTF8.self)
        switch (final, text.first) {
        case (UInt8(ascii: "c"), "?"):
            primaryAttributes = Self.numbers(text.dropFirst())
        case (UInt8(ascii: "S"), "?"):
            let numbers = Self.numbers(text.dropFirst())
            guard numbers.count >= 3, numbers[1] == 0 else { return }  // status 0: success
            if numbers[0] == 1 { sixelColorRegisters = numbers[2] }
            if numbers[0] == 2, numbers.count >= 4 { sixelMaximum = PixelSize(width: numbers[2], height: numbers[3]) }
        case (UInt8(ascii: "y"), "?") where text.hasSuffix("$"):
            // DECRPM: "? mode ; value $ y" — 1 set, 2 reset, 3 permanently set; 0 unknown, 4 permanently reset.
            let numbers = Self.numbers(text.dropFirst().dropLast())
            guard numbers.count == 2 else { return }
            switch numbers[0] {
            case TerminalQueries.synchronizedOutputMode: synchronizedOutput = (1...3).contains(numbers[1])
            case TerminalQueries.colorSchemeMode: colorSchemeReports = (1...3).contains(numbers[1])
            default: break
            }
        case (UInt8(ascii: "t"), _):
            let numbers = Self.numbers(Substring(text))
            guard numbers.count == 3 else { return }
            let size = PixelSize(width: numbers[2], height: numbers[1])
            switch numbers[0] {
            case 6: cellSize = size
            case 4: textAreaPixels = size
            case 8: textAreaCells = size
            default: break
            }
        default:
            break
        }
    }

    private mutating func readString(_ introducer: UInt8, _ body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
        switch introducer {
        case UInt8(ascii: "_") where text.hasPrefix("G"):
            // kitty: "Gi=31;OK" or "Gi=31;ENOTSUPPORTED:…"
            guard let semicolon = text.firstIndex(of: ";") else { return }
            let keys = text[text.index(after: text.startIndex)..<semicolon].split(separator: ",")
            guard keys.contains("i=\(TerminalQueries.kittyQueryID)") else { return }
            kittyGraphics = text[text.index(after: semicolon)...] == "OK"
        case UInt8(ascii: "P") where text.hasPrefix(">|"):
            version = String(text.dropFirst(2))
        case UInt8(ascii: "P") where text.hasPrefix("1$r"):
            // The SGR as the terminal keeps it: the 24-bit colour 1, 2, 3 survived, or it became an index.
            let sgr = text.dropFirst(3)
            directColor = sgr.contains("2::1:2:3") || sgr.contains("2:1:2:3") || sgr.contains("2;1;2;3")
        case UInt8(ascii: "P") where text.hasPrefix("0$r"):
            directColor = false
        case UInt8(ascii: "]") where text.hasPrefix("11;"):
            background = BackgroundColor(xParseColor: String(text.dropFirst(3)))
        default:
            break
        }
    }

    /// The decimal numbers of a `;`-separated parameter list (an empty one counts as 0).
    private static func numbers(_ text: Substring) -> [Int] {
        text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    }
}
