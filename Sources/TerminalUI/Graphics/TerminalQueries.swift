/// The questions asked in band at start (so they reach the terminal over SSH too) to learn how it can show
/// pictures. Every answer is optional; Primary Device Attributes goes last because every terminal answers
/// it, so its answer means every other answer has arrived — or never will.
public enum TerminalQueries {
    /// The id of the 1×1 picture the kitty graphics query names (the answer carries it back).
    public static let kittyQueryID = 31

    /// The private mode a terminal holds its drawing in while it is set (synchronized output).
    public static let synchronizedOutputMode = 2026
    /// The private mode under which a terminal reports its colour scheme's changes (`CSI ? 997 ; 1|2 n`).
    public static let colorSchemeMode = 2031

    /// All the questions, in order.
    public static let graphics: String = [
        // kitty graphics: "could you take this 1×1 RGB picture?" without keeping it (a=q).
        "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\",
        "\u{1B}[>0q",  // XTVERSION: the terminal's name and version
        "\u{1B}[?1;1;0S",  // XTSMGRAPHICS: how many sixel colour registers
        "\u{1B}[?2;1;0S",  // XTSMGRAPHICS: the largest sixel picture
        "\u{1B}[16t",  // the cell size in pixels
        "\u{1B}[14t",  // the text area in pixels
        "\u{1B}[18t",  // the text area in cells
        // Direct colour: set a 24-bit foreground, ask for the SGR back (DECRQSS), reset.
        "\u{1B}[38:2::1:2:3m\u{1B}P$qm\u{1B}\\\u{1B}[0m",
        "\u{1B}]11;?\u{1B}\\",  // OSC 11: the background colour (light or dark theme)
        "\u{1B}[?\(synchronizedOutputMode)$p",  // DECRQM: is synchronized output (mode 2026) known?
        "\u{1B}[?\(colorSchemeMode)$p",  // DECRQM: does it report colour-scheme changes (mode 2031)?
        "\u{1B}[c",  // Primary Device Attributes: a 4 among them means sixel
    ].joined()
}
