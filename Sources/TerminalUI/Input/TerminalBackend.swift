/// A terminal the runtime can draw on and read from: ncurses in the app, a fake in tests.
public protocol TerminalBackend: Sendable {
    /// Keys, mouse actions and new sizes, in order; finishes when the terminal stops.
    var inputs: AsyncStream<TerminalInput> { get }
    /// Colours the terminal has.
    var colors: Int { get }
    /// The size now.
    var size: (columns: Int, rows: Int) { get }
    /// Takes over the terminal.
    func start()
    /// Shows a frame (the newest one wins if frames come faster than the terminal takes them).
    func present(_ canvas: Canvas)
    /// Gives the terminal back as it was.
    func stop() async
}
