/// A key press, decoded from the terminal's input.
public enum KeyEvent: Hashable, Sendable {
    case character(Character)
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Text pasted with bracketed paste, delivered whole.
    case paste(String)
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press
        case doubleClick
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// What the terminal reports: keys, mouse actions, a new size, its colour scheme changed.
public enum TerminalInput: Hashable, Sendable {
    case key(KeyEvent)
    case mouse(MouseEvent)
    case resize(columns: Int, rows: Int)
    /// The terminal's colours changed between dark and light (mode 2031's report, `CSI ? 997 ; 1|2 n`).
    case colorScheme(TerminalColorScheme)
}
