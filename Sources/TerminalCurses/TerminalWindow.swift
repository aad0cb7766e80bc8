import Foundation

/// The size the kernel keeps for a terminal (TIOCGWINSZ): what a full screen is laid out for, and what a
/// command's table fits its columns to.
public enum TerminalWindow {
    /// The columns and rows of the terminal on `descriptor`, or nil when it is none (or reports zero).
    public static func size(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
