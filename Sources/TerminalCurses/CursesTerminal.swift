import NIOConcurrencyHelpers
import CCursesShim
@preconcurrency import CNCursesw
import Foundation
public import TerminalUI

/// The ncurses backend: the only code that talks to ncurses.
///
/// One thread owns curses. It waits with `poll` on standard input and a wake pipe; keys, mouse
/// actions and size changes go out on `inputs`; frames handed to `present` are drawn by that same
/// thread, writing only the cells that changed and letting ncurses pick the cheapest way to update
/// the screen (it scrolls with line insert/delete when rows move).
public final class CursesTerminal: TerminalBackend {
    /// What the drawing thread should do next.
    struct Mailbox {
        var frame: Canvas?
        var graphics: [GraphicPlacement] = []
        var stopping = false
        /// Bytes to write after the next frame (OSC 52), in order.
        var writes: [[UInt8]] = []
        /// Jobs of tasks that prefer this terminal's thread (`CursesTerminal+Executor`), in order.
        var jobs: [UnownedJob] = []
        /// Whether the thread is not running (not yet started, or ended): jobs then go to the global executor.
        var threadDown = true
        /// Descriptors the thread polls besides the terminal's, and what it calls when one is readable.
        var watched: [(descriptor: Int32, readable: @Sendable () -> Bool)] = []
    }

    let mailbox = NIOLockedValueBox(Mailbox())
    /// The drawing thread, while it runs (to tell a call made on it: it needs no wake).
    let thread = NIOLockedValueBox<pthread_t?>(nil)
    private let wakePipe: (read: Int32, write: Int32)
    /// The wake pipe's writing end (`runJobs` wakes its own thread with it).
    var wakeDescriptor: Int32 { wakePipe.write }
    private let continuation: AsyncStream<TerminalInput>.Continuation
    /// Where inputs go when given (`deliverInputs`), instead of `inputs`.
    private let receiver = NIOLockedValueBox<(@Sendable (TerminalInput) -> Void)?>(nil)
    /// Keys, mouse actions and new sizes, in order. Finishes when the terminal stops.
    public let inputs: AsyncStream<TerminalInput>
    private let finished = NIOLockedValueBox<CheckedContinuation<Void, Never>?>(nil)
    private let state: NIOLockedValueBox<(started: Bool, colors: Int, size: (Int, Int))> = NIOLockedValueBox((false, 0, (80, 24)))
    private let mouse: Bool
    private let terminalType: String
    private let synchronizedOutput: Bool
    private let hyperlinks: Bool
    private let colorSchemeReports: Bool

    /// - Parameters:
    ///   - mouse: report clicks and the wheel.
    ///   - terminalType: the terminfo entry to draw with (see `Terminfo.resolve`); it must exist.
    ///   - synchronizedOutput: send each frame inside synchronized output (mode 2026) — only when the
    ///     terminal answered that it knows the mode (`TerminalAnswers.synchronizedOutput`).
    ///   - hyperlinks: write the frames' links as OSC 8 hyperlinks (`TerminalAnswers.drawsHyperlinks`).
    ///   - colorSchemeReports: ask the terminal to report its colour scheme's changes (mode 2031) — only when
    ///     it answered that it knows the mode (`TerminalAnswers.colorSchemeReports`).
    public init(
        mouse: Bool = true, terminalType: String, synchronizedOutput: Bool = false, hyperlinks: Bool = false,
        colorSchemeReports: Bool = false
    ) {
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        wakePipe = (fds[0], fds[1])
        (inputs, continuation) = AsyncStream.makeStream(of: TerminalInput.self, bufferingPolicy: .bufferingNewest(512))
        self.mouse = mouse
        self.terminalType = terminalType
        self.synchronizedOutput = synchronizedOutput
        self.hyperlinks = hyperlinks
        self.colorSchemeReports = colorSchemeReports
    }

    deinit {
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// The terminal's own cursor stands at each frame's `Canvas.cursor` (hidden when it has none).
    public var showsCursor: Bool { true }

    /// Colours the terminal has (after `start`).
    public var colors: Int { state.withLockedValue { $0.colors } }

    /// The terminal's size (after `start`).
    public var size: (columns: Int, rows: Int) { state.withLockedValue { $0.size } }

    /// Takes over the terminal: UTF-8 locale, curses screen, colours, keypad, mouse; then starts the
    /// thread that reads input and draws. The terminal is restored by `stop`, on INT/TERM/HUP, and on a crash.
    public func start() {
        // The characters must be UTF-8 whatever the environment says (a visitor's LC_ALL=C, a locale this host
        // has not generated): then C.UTF-8 for the characters, the rest as asked.
        setlocale(LC_ALL, "")
        let characters = setlocale(LC_CTYPE, nil).map { String(cString: $0).lowercased() } ?? ""
        if !characters.contains("utf-8") && !characters.contains("utf8") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        ccs_install_crash_restore(1)
        ccs_install_quit_signals(wakePipe.write)
        set_escdelay(25)
        // newterm, not initscr: initscr prints "Error opening terminal" and exits the process when the
        // entry is missing. The entry was resolved beforehand; vt100 is the last resort if it vanished since.
        guard newterm(terminalType, stdout, stdin) != nil || newterm("vt100", stdout, stdin) != nil else {
            ccs_restore_signal_defaults()
            FileHandle.standardError.write(Data("openmarket: no usable terminfo entry for \(terminalType)\n".utf8))
            continuation.finish()
            return
        }
        // ncurses (6.4) writes its buffer out after every cursor movement until the screen has once come back
        // from endwin (`_nc_mvcur` flushes while the screen is in its initial state, for programs that use
        // terminfo alone): a frame that changed five places went to the terminal in seven writes, each a
        // wake of the SSH front and a packet of its own. One round trip now, before anything is shown and
        // while the terminal is still in the modes it came in, makes a frame one write.
        endwin()
        doupdate()
        // No look for typed-ahead keys while a frame is written: ncurses polls the input before each line it
        // updates (three of a key's six polls in the grid) and stops the frame half written when a key is
        // waiting; a frame goes out whole, in one write, and the next key gets the next.
        typeahead(-1)
        ccs_install_winch_wake(wakePipe.write)
        cbreak()
        noecho()
        nonl()
        intrflush(stdscr, false)
        // Ctrl-S and Ctrl-Q are keys here (Ctrl-S saves a form), not XON/XOFF flow control.
        var modes = termios()
        if tcgetattr(0, &modes) == 0 {
            modes.c_iflag &= ~tcflag_t(IXON)
            tcsetattr(0, TCSANOW, &modes)
            def_prog_mode()
        }
        CursesInputReader.configure(mouse: mouse)
        idlok(stdscr, true)
        leaveok(stdscr, true)
        curs_set(0)
        var colors = 0
        if has_colors() {
            start_color()
            use_default_colors()
            colors = Int(COLORS)
        }
        write(1, "\u{1B}[?2004h", 8)  // bracketed paste on
        if colorSchemeReports { write(1, "\u{1B}[?2031h", 8) }  // colour-scheme changes reported
        var rows: Int32 = 0
        var columns: Int32 = 0
        ccs_window_size(stdscr, &rows, &columns)
        state.withLockedValue { $0 = (true, colors, (Int(columns), Int(rows))) }
        mailbox.withLockedValue { $0.threadDown = false }
        let thread = Thread { [self] in self.run() }
        thread.name = "openmarket.terminal"
        thread.start()
    }

    /// Hands a frame to the drawing thread; only the newest undrawn frame is kept.
    public func present(_ canvas: Canvas) {
        present(canvas, graphics: [])
    }

    /// Hands a frame and the pictures to draw over it as graphics to the drawing thread.
    public func present(_ canvas: Canvas, graphics: [GraphicPlacement]) {
        mailbox.withLockedValue { box in
            box.frame = canvas
            box.graphics = graphics
        }
        wake()
    }

    /// Sets the clipboard through the terminal (OSC 52): written by the drawing thread after the frame due.
    public func copy(_ text: String) {
        guard let bytes = Clipboard.sequence(for: text) else { return }
        mailbox.withLockedValue { $0.writes.append(bytes) }
        wake()
    }

    /// Stops the thread and restores the terminal. Returns when the terminal is back to normal.
    public func stop() async {
        guard state.withLockedValue({ $0.started }) else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            finished.withLockedValue { $0 = done }
            mailbox.withLockedValue { $0.stopping = true }
            wake()
        }
    }

    /// Polls `descriptor` on the drawing thread from its next wait on (`TerminalBackend.watch`).
    public func watch(_ descriptor: Int32, readable: @escaping @Sendable () -> Bool) {
        mailbox.withLockedValue { $0.watched.append((descriptor, readable)) }
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    /// Wakes the drawing thread, unless this is it (it looks at its mailbox before it waits again).
    func wake() {
        if let own = thread.withLockedValue({ $0 }), pthread_equal(own, pthread_self()) != 0 { return }
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    // MARK: The terminal thread

    private func run() {
        var screen = CursesScreen()
        screen.synchronized = synchronizedOutput
        screen.hyperlinks = hyperlinks
        var input = CursesInputReader()
        var lastSize = size
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
        var watched: [(descriptor: Int32, readable: @Sendable () -> Bool)] = []
        thread.withLockedValue { $0 = pthread_self() }
        while true {
            fds.removeSubrange(2...)
            fds[0].revents = 0
            fds[1].revents = 0
            for watch in watched { fds.append(pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)) }
            // Woken by input, a frame, a stop, a quit signal or a resize (SIGWINCH writes to the wake pipe), or
            // a descriptor watched (the market's changes): an idle browser costs nothing. A thousand of them
            // under `openmarket ssh` woke ten times a second each and took a core and a half (BENCHMARKS.md,
            // "A crowd at the door").
            _ = poll(&fds, nfds_t(fds.count), -1)
            if fds[1].revents != 0 {
                var sink = [UInt8](repeating: 0, count: 64)
                while read(wakePipe.read, &sink, 64) > 0 {}
                watched += mailbox.withLockedValue { box in
                    defer { box.watched = [] }
                    return box.watched
                }
            }
            // What a watched descriptor brought is handled here; its events reach the loop's queue before the
            // jobs below run.
            for index in watched.indices.reversed() where fds.count > index + 2 && fds[index + 2].revents != 0 {
                if !watched[index].readable() { watched.remove(at: index) }
            }
            if ccs_quit_requested() != 0 {
                emit(.key(.control("c")))
            }
            // Input first (resizes change what a frame must look like), then the jobs it woke (the browser's
            // loop runs here: a key is handled and its frame drawn without leaving this thread), then the newest frame.
            deliver(input.drain(), to: &screen, frameWaiting: mailbox.withLockedValue { $0.frame != nil }, lastSize: &lastSize)
            runJobs()
            let (frame, graphics, stopping, writes) = mailbox.withLockedValue { box in
                defer {
                    box.frame = nil
                    box.writes = []
                }
                return (box.frame, box.graphics, box.stopping, box.writes)
            }
            if stopping { break }
            if let frame { screen.draw(frame, graphics: graphics) }
            if !writes.isEmpty {
                fflush(stdout)
                TerminalOutput.write(writes.flatMap { $0 }, to: STDOUT_FILENO)
            }
        }
        threadEnded()
        screen.forgetPictures()
        write(1, "\u{1B}[?2004l", 8)
        if colorSchemeReports { write(1, "\u{1B}[?2031l", 8) }
        endwin()
        ccs_restore_signal_defaults()
        continuation.finish()
        finished.withLockedValue { $0?.resume() }
    }

    /// Input to the browser: keys, clicks and new sizes (a new size redraws the next frame whole); Ctrl-L is
    /// answered here, where the frame is (from nothing, or with the frame waiting). Then a size the kernel
    /// reports that no event said.
    private func deliver(
        _ events: [TerminalInput], to screen: inout CursesScreen, frameWaiting: Bool, lastSize: inout (columns: Int, rows: Int)
    ) {
        for event in events {
            if event == .key(.control("l")) {
                if frameWaiting { screen.invalidate() } else { screen.redrawAll() }
                continue
            }
            if case .resize(let columns, let rows) = event {
                lastSize = (columns, rows)
                state.withLockedValue { $0.size = (columns, rows) }
                screen.invalidate()
            }
            emit(event)
        }
        if let changed = Self.windowSizeChanged(from: lastSize) {
            resize_term(Int32(changed.rows), Int32(changed.columns))
            lastSize = changed
            state.withLockedValue { $0.size = changed }
            screen.invalidate()
            emit(.resize(columns: changed.columns, rows: changed.rows))
        }
    }

    /// An input to its receiver, when there is one, else to `inputs`.
    private func emit(_ input: TerminalInput) {
        if let receive = receiver.withLockedValue({ $0 }) {
            receive(input)
        } else {
            continuation.yield(input)
        }
    }

    /// Inputs go to `receive` on this terminal's thread from now on (the browser's queue: one task hop less a
    /// key, the input stream's own work a twentieth of a key's CPU); `inputs` then only finishes.
    public func deliverInputs(to receive: @escaping @Sendable (TerminalInput) -> Void) -> Bool {
        receiver.withLockedValue { $0 = receive }
        return true
    }

    /// The size the kernel reports for the terminal, when it differs from `known`.
    private static func windowSizeChanged(from known: (columns: Int, rows: Int)) -> (columns: Int, rows: Int)? {
        guard let now = TerminalWindow.size(of: 1) else { return nil }
        return now == known ? nil : now
    }
}
