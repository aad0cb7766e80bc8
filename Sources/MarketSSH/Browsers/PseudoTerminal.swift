import NIOConcurrencyHelpers
import CPosixSpawn
import Foundation

/// A pseudo-terminal with a child process on its slave side: the child is a session leader whose
/// controlling terminal is the pty, so it gets SIGWINCH when the size changes and SIGHUP when it closes.
final class PseudoTerminal: Sendable {
    let master: Int32
    let pid: pid_t
    /// Set once the child has exited and before it is reaped, under the lock: a signal sent while it is
    /// false can only reach our child (alive or a zombie), never a process that took its pid later.
    private let exited = NIOLockedValueBox(false)
    private let signalsSent = NIOLockedValueBox(0)
    /// The child's highest resident memory seen so far, in bytes (`sampleMemory`, and the kernel's own count
    /// at its exit for a forked child).
    private let peak = NIOLockedValueBox(0)
    /// Whether the child was forked from the session template (else spawned: a vfork and an exec).
    let forked: Bool

    init(
        executable: String, arguments: [String], environment: [String: String], columns: Int, rows: Int,
        pixelWidth: Int = 0, pixelHeight: Int = 0, inherited: (descriptor: Int32, as: Int32)? = nil,
        budget: SessionBudget? = nil, template: SessionTemplate? = nil
    ) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        // A client may ask for 0×0 or 10000×10000: the browser gets what `windowSize` allows either way.
        var size = Self.windowSize(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        defer { close(slave) }
        let slavePath: String
        let setsid = cps_setsid_flag()
        do {
            slavePath = try Self.path(ofTerminal: slave)
            guard setsid >= 0 else { throw POSIXError(.EOPNOTSUPP) }
        } catch {
            close(master)
            throw error
        }

        let child: pid_t
        var forked = false
        do {
            // Forked from the warm template when there is one; spawned cold when there is none or it failed.
            if let template, let fork = try? template.spawn(
                SessionTemplateRequest(arguments: arguments, environment: environment, inheritedAs: inherited?.as),
                terminal: slave, inherited: inherited?.descriptor)
            {
                child = fork
                forked = true
            } else {
                child = try Self.spawn(
                    executable: executable, arguments: arguments, environment: environment, terminal: slavePath, closing: (master, slave),
                    setsid: setsid, inherited: inherited)
            }
        } catch {
            close(master)
            throw error
        }
        // The budget is set before the browser has read anything from its visitor (it is still loading); a
        // browser that could not be given it does not run.
        if let budget {
            do {
                try budget.apply(to: child)
            } catch {
                kill(child, SIGKILL)
                var ignored: Int32 = 0
                while waitpid(child, &ignored, 0) == -1, errno == EINTR {}
                close(master)
                throw error
            }
        }
        self.master = master
        self.forked = forked
        pid = child
    }

    /// Starts `executable` in a session of its own on the terminal at `terminal` (its standard input, output and
    /// error), with the signals at their defaults and none blocked, `inherited` passed on, and no other
    /// descriptor of ours (`closing`: the pty's two ends, and everything from 3 up).
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], terminal: String,
        closing: (master: Int32, slave: Int32), setsid: Int32, inherited: (descriptor: Int32, as: Int32)?
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, closing.master)
        posix_spawn_file_actions_addclose(&actions, closing.slave)
        // After setsid, the first terminal opened becomes the controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // dup2 leaves the copy without close-on-exec: the one descriptor the child inherits beyond its terminal.
        if let inherited { posix_spawn_file_actions_adddup2(&actions, inherited.descriptor, inherited.as) }
        // Nothing else of the front's: other sessions' pty masters and SSH connections are open here without
        // close-on-exec (openpty and NIO's sockets), and a browser holding them keeps those sessions alive
        // after the front is gone — its visitors would wait on a dead front instead of reconnecting.
        let closed = cps_add_closefrom(&actions, max(3, (inherited?.as ?? 2) + 1))
        guard closed == 0 else { throw POSIXError(POSIXErrorCode(rawValue: closed) ?? .EOPNOTSUPP) }

        return try launch(executable: executable, arguments: arguments, environment: environment, actions: &actions, flags: setsid)
    }

    /// Starts `executable` without a terminal (standard input and output /dev/null, standard error the front's),
    /// with `inherited` passed on and nothing else of ours: the session template.
    static func spawnPlain(
        executable: String, arguments: [String], environment: [String: String], inherited: (descriptor: Int32, as: Int32)
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, inherited.descriptor, inherited.as)
        let closed = cps_add_closefrom(&actions, inherited.as + 1)
        guard closed == 0 else { throw POSIXError(POSIXErrorCode(rawValue: closed) ?? .EOPNOTSUPP) }
        return try launch(executable: executable, arguments: arguments, environment: environment, actions: &actions, flags: 0)
    }

    /// Spawns `executable` with `actions`, every signal at its default and none blocked, and `flags` beside
    /// (POSIX_SPAWN_SETSID for a browser): what both spawns above share.
    private static func launch(
        executable: String, arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t,
        flags: Int32
    ) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        return child
    }

    /// The path of the terminal open on `descriptor`; an error (not a crash) when it is none.
    static func path(ofTerminal descriptor: Int32) throws -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let status = ttyname_r(descriptor, &buffer, buffer.count)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOTTY) }
        return String(cString: buffer)
    }

    /// The most columns and rows a visitor's window is given: a 4K screen with a small font is about 480×135
    /// cells. The browser keeps a few screens of cells, so a window of 1000×1000 cost it 347 MB.
    static let maxColumns = 500
    static let maxRows = 250
    /// The most pixels per cell the window may claim (a large font on a high-density screen); a client's pixel
    /// size beyond it is cut to it (pictures are scaled by the cell's pixels).
    static let maxCellWidth = 32
    static let maxCellHeight = 64

    /// The window size the browser is given for what the client asked: cells clamped to 1…`maxColumns` and
    /// 1…`maxRows`, pixels to at most `maxCellWidth`×`maxCellHeight` a cell.
    static func windowSize(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) -> winsize {
        let columns = max(1, min(maxColumns, columns))
        let rows = max(1, min(maxRows, rows))
        return winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns),
            ws_xpixel: UInt16(max(0, min(columns * maxCellWidth, pixelWidth))),
            ws_ypixel: UInt16(max(0, min(rows * maxCellHeight, pixelHeight))))
    }

    /// Tells the child its terminal's new size (it gets SIGWINCH), clamped as `windowSize` says.
    func resize(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        var size = Self.windowSize(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Ends the child (SIGHUP, as a closed terminal would, then SIGKILL after `grace` if it lingers).
    func hangUp(grace: Duration = .seconds(2)) {
        signal(SIGHUP)
        let milliseconds = Int(grace.components.seconds * 1000 + grace.components.attoseconds / 1_000_000_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [self] in
            signal(SIGKILL)
        }
    }

    /// Sends `number` to the child unless it has already exited; true when sent.
    @discardableResult
    func signal(_ number: Int32) -> Bool {
        exited.withLockedValue { exited in
            guard !exited else { return false }
            kill(pid, number)
            signalsSent.withLockedValue { $0 += 1 }
            return true
        }
    }

    /// Signals sent to the child so far.
    var signalCount: Int { signalsSent.withLockedValue { $0 } }

    /// Closes this side's descriptor of the pty (the bridge holds its own duplicates).
    func closeMaster() {
        close(master)
    }

    /// Waits for the child (blocking) and returns its exit status. The child is marked as exited before
    /// it is reaped, so no later signal can reach whatever process gets its pid next. A forked child's peak
    /// memory is the kernel's count at its exit (`ru_maxrss`); a spawned one's is not (see `sampleMemory`).
    func waitForExit() -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        exited.withLockedValue { $0 = true }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
        if forked { peak.withLockedValue { $0 = max($0, usage.ru_maxrss * 1024) } }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Reads the child's resident high-water mark (VmHWM) while it runs and keeps the highest. Not the reaped
    /// child's `ru_maxrss`: a child spawned with vfork, as posix_spawn does, carries its parent's high-water
    /// mark from before its exec (a sanitized front's gigabyte showed up as a browser's). Only spawned children
    /// need it: a forked one's `ru_maxrss` is its own (read at its exit, `waitForExit`).
    ///
    /// It runs on the session's event loop once a second for every spawned session, so it reads the file into a buffer
    /// of its own with one `read` and scans the bytes for the line, making no strings (VmHWM is in the first
    /// kilobyte of the file's 1.5).
    func sampleMemory() {
        let descriptor = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let kilobytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer -> Int? in
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            return Self.highWaterMark(in: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        guard let kilobytes else { return }
        peak.withLockedValue { $0 = max($0, kilobytes * 1024) }
    }

    /// The number on the `VmHWM:` line of a `/proc/PID/status` text (kilobytes); nil when there is none.
    static func highWaterMark(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = Array("\nVmHWM:".utf8)
        guard text.count > key.count else { return nil }
        var at = 0
        while at + key.count <= text.count {
            if text[at] == key[0], zip(text[at..<(at + key.count)], key).allSatisfy({ $0 == $1 }) { break }
            at += 1
        }
        at += key.count
        while at < text.count, text[at] == UInt8(ascii: " ") || text[at] == UInt8(ascii: "\t") { at += 1 }
        var value = 0
        var digits = 0
        while at < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[at]) {
            value = value * 10 + Int(text[at] - UInt8(ascii: "0"))
            digits += 1
            at += 1
        }
        return digits > 0 ? value : nil
    }

    /// The child's highest resident memory seen by `sampleMemory` (or, once a forked child is reaped, counted by
    /// the kernel), in bytes.
    var peakBytes: Int { peak.withLockedValue { $0 } }
}
