import Foundation

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
    /// Shows a frame with pictures drawn in the terminal's own graphics over its text.
    func present(_ canvas: Canvas, graphics: [GraphicPlacement])
    /// Gives the terminal back as it was.
    func stop() async
    /// Sets the clipboard through the terminal (OSC 52, `Clipboard.sequence`), after the frames handed
    /// to it so far.
    func copy(_ text: String)
    /// Whether the terminal shows its own cursor at a frame's `Canvas.cursor` (then the widgets draw no cursor
    /// of their own there).
    var showsCursor: Bool { get }
    /// The thread that reads and draws this terminal as a task executor, when it has one: the loop that handles
    /// its input runs there (nil: on the global executor).
    var executor: (any TaskExecutor)? { get }
    /// Hands each input from now on to `receive`, on the thread that read it, instead of to `inputs` (which then
    /// only finishes when the terminal stops): a key reaches the runtime's queue without a task between. False
    /// for a terminal that cannot; its inputs go on through `inputs`.
    func deliverInputs(to receive: @escaping @Sendable (TerminalInput) -> Void) -> Bool
    /// Calls `readable` each time `descriptor` has something to read (or its other end closed), until it returns
    /// false: on the thread that reads this terminal when it has one (what came is then handled there, without
    /// waking another thread), else on a thread of its own.
    func watch(_ descriptor: Int32, readable: @escaping @Sendable () -> Bool)
}

extension TerminalBackend {
    /// A terminal that cannot copy ignores it.
    public func copy(_ text: String) {}

    /// A terminal without a thread of its own runs the loop on the global executor.
    public var executor: (any TaskExecutor)? { nil }

    /// A terminal that does not say delivers its inputs through `inputs`.
    public func deliverInputs(to receive: @escaping @Sendable (TerminalInput) -> Void) -> Bool { false }

    /// A terminal without a thread of its own watches a descriptor on a thread started for it.
    public func watch(_ descriptor: Int32, readable: @escaping @Sendable () -> Bool) {
        Thread.detachNewThread {
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            repeat {
                watched.revents = 0
                while poll(&watched, 1, -1) < 0 && errno == EINTR {}
            } while readable()
        }
    }

    /// A terminal that does not say shows no cursor: the widgets draw theirs.
    public var showsCursor: Bool { false }

    /// A terminal without graphics shows the text alone.
    public func present(_ canvas: Canvas, graphics: [GraphicPlacement]) {
        present(canvas)
    }
}
