import Foundation

/// A pseudo-terminal with a child process on its slave side: the child is a session leader whose
/// controlling terminal is the pty, so it gets SIGWINCH when the size changes and SIGHUP when it closes.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let pid: pid_t

    init(executable: String, arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        // A client may ask for 0×0 or 10000×10000: the browser gets 1…1000 either way.
        var size = winsize(
            ws_row: UInt16(max(1, min(1000, rows))), ws_col: UInt16(max(1, min(1000, columns))), ws_xpixel: 0,
            ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        let slavePath = String(cString: ttyname(slave))
        defer { close(slave) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, slave)
        // After setsid, the first terminal opened becomes the controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | 0x80 /* SETSID */))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        self.master = master
        pid = child
    }

    /// Tells the child its terminal's new size (it gets SIGWINCH). Sizes are clamped to 1…1000.
    func resize(columns: Int, rows: Int) {
        var size = winsize(
            ws_row: UInt16(max(1, min(1000, rows))), ws_col: UInt16(max(1, min(1000, columns))), ws_xpixel: 0,
            ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Ends the child (SIGHUP, as a closed terminal would, then SIGKILL if it lingers).
    func hangUp() {
        kill(pid, SIGHUP)
        let pid = self.pid
        // The session's own thread reaps the child; this only makes sure it does not linger.
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }
    }

    /// Closes this side's descriptor of the pty (the bridge holds its own duplicates).
    func closeMaster() {
        close(master)
    }

    /// Waits for the child (blocking) and returns its exit status.
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
