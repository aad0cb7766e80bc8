import CCursesShim

/// The terminfo database of this machine, asked through ncurses without touching the screen.
public enum Terminfo {
    /// What the database holds for `name`.
    public static func entry(_ name: String) -> TerminfoEntry {
        // The probe makes the entry the current terminal for a moment: no other screen may run meanwhile.
        switch CursesProcessLock.with(nil, { ccs_terminfo_probe(name) }) {
        case CCS_TERMINFO_USABLE: .usable
        case CCS_TERMINFO_NO_CURSOR_ADDRESSING: .withoutCursorAddressing
        default: .missing
        }
    }

    /// The entry to use for `term` on this machine.
    public static func resolve(_ term: String?) -> TerminalType {
        TerminalType.resolve(term, probe: entry)
    }
}
