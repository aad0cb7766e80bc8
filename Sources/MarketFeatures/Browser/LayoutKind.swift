/// The two ways the browser lays products out.
public enum LayoutKind: String, Sendable, Equatable {
    case list
    case grid

    public var toggled: LayoutKind { self == .list ? .grid : .list }
}

/// A terminal size in cells.
public struct ScreenSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Below this the browser shows "terminal too small".
    public static let minimum = ScreenSize(columns: 40, rows: 12)

    public var isTooSmall: Bool { columns < Self.minimum.columns || rows < Self.minimum.rows }
}
