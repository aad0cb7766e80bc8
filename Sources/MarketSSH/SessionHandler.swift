import Localization
import Untrusted
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// One SSH session channel: a pty request, then a shell (or `help`), run as the browser on a real
/// pseudo-terminal; keys go to it, its output comes back, window changes resize it. When the client
/// reads slower than the browser writes, reading from the pty pauses, so output never piles up.
final class SessionHandler: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = SSHChannelData

    let launcher: SessionLauncher
    let connection: ConnectionInfo
    let registry: SessionRegistry
    let reports: FirstPageReports
    /// The browser running for this channel: its terminal, the pipe carrying its output, its watchdog.
    struct Running {
        let terminal: PseudoTerminal
        let started: ContinuousClock.Instant
        var pipe: (any Channel)?
        var watchdog: Watchdog?
        /// Whether the session's end was logged.
        var ended = false
    }

    /// The session's timers: its limits (time and idleness) and, for a spawned browser, its memory samples.
    struct Watchdog {
        let memory: RepeatedTask?
        var limits: Scheduled<Void>?

        func cancel() {
            memory?.cancel()
            limits?.cancel()
        }
    }

    private var channel: (any Channel)?
    private var lastInput = ContinuousClock.now
    /// Why the session is being ended by the server (said to the client after the browser has exited).
    var goodbye: String?
    /// Why it ended, when the server or the client ended it (else the browser's exit status says).
    var endReason: SSHMetrics.End?
    var running: Running?
    /// Window changes: applied at once, then at most one per `resizeInterval` (the last of a burst wins), so
    /// a client sending a hundred a second costs the browser ten redraws, not a hundred.
    private var lastResize: ContinuousClock.Instant?
    private var pendingResize: (columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int)?
    static let resizeInterval = Duration.milliseconds(100)
    /// What the channel has been asked so far.
    var state = SessionStateMachine()

    init(launcher: SessionLauncher, connection: ConnectionInfo, registry: SessionRegistry, reports: FirstPageReports) {
        self.launcher = launcher
        self.connection = connection
        self.registry = registry
        self.reports = reports
        state = SessionStateMachine(defaultLanguage: launcher.defaultLanguage, filesHelp: launcher.filesHelp)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        channel = context.channel
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    /// Ends the session from the server side: the browser is hung up (it restores its screen), then
    /// the client gets `reason` on a line of its own, in its language, and the channel closes. Safe from any thread.
    func end(reason: Phrase, because end: SSHMetrics.End) {
        channel?.eventLoop.execute {
            guard self.goodbye == nil else { return }
            self.goodbye = self.state.language.text(reason)
            self.endReason = self.endReason ?? end
            if let terminal = self.running?.terminal {
                terminal.hangUp()
            } else if let channel = self.channel {
                SessionFarewell.finish(channel, text: self.state.language.text(reason) + "\r\n", status: 0)
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            let terminal = SessionStateMachine.Terminal(
                term: request.term, columns: request.terminalCharacterWidth, rows: request.terminalRowHeight,
                pixelWidth: request.terminalPixelWidth, pixelHeight: request.terminalPixelHeight)
            reply(state.terminalRequested(terminal), wanted: request.wantReply, context: context)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            reply(state.environmentRequested(name: request.name, value: request.value), wanted: request.wantReply, context: context)
        case let request as SSHChannelRequestEvent.ShellRequest:
            start(context: context, action: state.startRequested(command: nil), wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            start(context: context, action: state.startRequested(command: request.command), wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            startFiles(context: context, action: state.subsystemRequested(request.subsystem, takesFiles: launcher.uploads != nil), wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            if case .resize(let columns, let rows, let pixelWidth, let pixelHeight) = state.windowChanged(
                columns: request.terminalCharacterWidth, rows: request.terminalRowHeight,
                pixelWidth: request.terminalPixelWidth, pixelHeight: request.terminalPixelHeight)
            {
                resize(to: (columns, rows, pixelWidth, pixelHeight), on: context.eventLoop)
            }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Applies a window change now when the last was `resizeInterval` ago or more; otherwise keeps it and
    /// applies the latest kept one when the interval is up.
    private func resize(to size: (columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int), on loop: any EventLoop) {
        let now = ContinuousClock.now
        if let lastResize, now - lastResize < Self.resizeInterval {
            let wasPending = pendingResize != nil
            pendingResize = size
            guard !wasPending else { return }
            loop.scheduleTask(in: .nanoseconds((Self.resizeInterval - (now - lastResize)).nanoseconds)) {
                guard let size = self.pendingResize else { return }
                self.pendingResize = nil
                self.lastResize = .now
                self.running?.terminal.resize(columns: size.columns, rows: size.rows, pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight)
            }
            return
        }
        lastResize = now
        running?.terminal.resize(columns: size.columns, rows: size.rows, pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight)
    }

    private func reply(_ accepted: Bool, wanted: Bool, context: ChannelHandlerContext) {
        guard wanted else { return }
        context.triggerUserOutboundEvent(accepted ? ChannelSuccessEvent() : ChannelFailureEvent(), promise: nil)
    }

    private func start(context: ChannelHandlerContext, action: SessionStateMachine.StartAction, wantReply: Bool) {
        let channel = context.channel
        // One shell or exec per channel (RFC 4254 §6.5); a second one is refused and changes nothing.
        reply(action != .refuse, wanted: wantReply, context: context)
        guard action != .refuse else { return }
        if connection.sessionStarted() { registry.endStartup(connection) }
        switch action {
        case .refuse:
            return
        case .answer(let text, let status):
            launcher.logger.info(
                "ssh request answered \(connection.logFields) status=\(status)")
            SessionFarewell.finish(channel, text: text, status: status)
        case .files:
            return
        case .launch(let pty, let productID):
            switch registry.add(self, of: connection) {
            case .taken:
                break
            case .full:
                launcher.logger.info("ssh session refused: full (\(registry.limits.maxSessions) sessions) \(connection.logFields)")
                SessionFarewell.finish(channel, text: launcher.fullText(in: state.language), status: 1)
                return
            case .connectionHasOne:
                launcher.logger.info("ssh session refused: a second session on one connection \(connection.logFields)")
                SessionFarewell.finish(channel, text: state.language.text(.sshOneSessionPerConnection) + "\r\n", status: 1)
                return
            case .addressFull:
                let limit = registry.limits.maxSessionsPerAddress
                launcher.logger.info("ssh session refused: \(limit) sessions from the address already \(connection.logFields)")
                SessionFarewell.finish(channel, text: state.language.text(.sshAddressFull(limit: limit)) + "\r\n", status: 1)
                return
            }
            // The seat is taken; the browser starts when the gate has room (at once, unless a burst is starting).
            registry.starts.enter { start in
                channel.eventLoop.execute {
                    guard channel.isActive, self.goodbye == nil else { return start.leave() }
                    self.launch(on: channel, pty: pty, productID: productID, start: start)
                }
            }
        }
    }

    /// An SFTP session in the key's upload folder, one a connection at a time; the reasons it is not are said
    /// on the client's standard error (`sftp` shows them; its standard output is the protocol's).
    private func startFiles(context: ChannelHandlerContext, action: SessionStateMachine.StartAction, wantReply: Bool) {
        let channel = context.channel
        func decline(_ text: String) {
            reply(true, wanted: wantReply, context: context)
            var buffer = channel.allocator.buffer(capacity: text.utf8.count)
            buffer.writeString(text.replacingOccurrences(of: "\n", with: "\r\n"))
            context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
            channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 1)).whenComplete { _ in
                channel.close(promise: nil)
            }
        }
        switch action {
        case .refuse:
            reply(false, wanted: wantReply, context: context)
            return
        case .answer(let text, _):
            if connection.sessionStarted() { registry.endStartup(connection) }
            launcher.logger.info("ssh subsystem refused \(connection.logFields)")
            return decline(text)
        case .launch:
            return
        case .files:
            break
        }
        if connection.sessionStarted() { registry.endStartup(connection) }
        guard connection.filesStarted() else {
            launcher.logger.info("ssh files refused: a second file session on one connection \(connection.logFields)")
            return decline(state.language.text(.files(.oneAtATime)) + "\n")
        }
        filesOpen = true
        guard let folder = launcher.uploads?.folder(forFingerprint: connection.fingerprint),
            let session = SFTPSession(folder: folder)
        else {
            launcher.logger.info("ssh files refused: no upload folder for the key \(connection.logFields)")
            return decline(state.language.text(.files(.openFront)) + "\n")
        }
        reply(true, wanted: wantReply, context: context)
        let logger = launcher.logger
        let fields = connection.logFields
        let started = ContinuousClock.now
        logger.info("ssh files start \(fields)")
        do {
            try context.pipeline.syncOperations.addHandler(
                SFTPChannelHandler(session: session, limits: registry.limits) { session in
                    logger.info(
                        "ssh files end \(fields) put=\(session.put) bytes=\(session.putBytes) refused=\(session.refused) seconds=\((ContinuousClock.now - started).components.seconds)")
                },
                position: .first)
        } catch {
            session.end()
            channel.close(promise: nil)
        }
    }

    /// Runs the browser on a pseudo-terminal of the client's size, wired to the channel both ways. Its place
    /// at the start gate is given up on its first page, its exit, or the gate's patience.
    private func launch(
        on channel: any Channel, pty: SessionStateMachine.Terminal, productID: Int?, start: StartGate.Ticket
    ) {
        let terminal: PseudoTerminal
        do {
            terminal = try spawnBrowser(pty: pty, productID: productID)
        } catch {
            start.leave()
            SessionFarewell.finish(channel, text: "The session could not start: \(error)\r\n", status: 1)
            return
        }
        running = Running(terminal: terminal, started: .now)
        reports.expect(terminal.pid, since: connection.opened, start: start)
        channel.eventLoop.scheduleTask(in: .nanoseconds(registry.starts.patience.nanoseconds)) { start.leave() }
        running?.watchdog = startWatchdog(on: channel, terminal: terminal)
        launcher.logger.info(
            "ssh session start \(connection.logFields) term=\(UntrustedText.logValue(pty.term, limit: 40)) size=\(pty.columns)x\(pty.rows)")
        connectOutput(of: terminal, to: channel)
        startReaper(of: terminal, channel: channel)
    }

    /// The browser on a pseudo-terminal, with the launcher's arguments and this key's environment.
    private func spawnBrowser(pty: SessionStateMachine.Terminal, productID: Int?) throws -> PseudoTerminal {
        var arguments = launcher.arguments
        if let productID { arguments += ["--product", String(productID)] }
        var environment = launcher.environment
        for (name, value) in launcher.environmentForKey(connection.fingerprint) { environment[name] = value }
        // The client's TERM as it is: the browser falls back from names this host has no entry for, and
        // answers an empty or dumb TERM with a line saying what to set.
        environment["TERM"] = pty.term
        // The client's locale when it sent one (its interface language; the browser falls back to C.UTF-8
        // for characters where this host has not generated it), else the front's default language's.
        for (name, value) in state.browserLocale { environment[name] = value }
        environment[FirstPageReports.environmentKey] = String(FirstPageReports.childDescriptor)
        if let budget = registry.limits.budget { environment[SessionBudget.environmentKey] = budget.environmentValue }
        return try PseudoTerminal(
            executable: launcher.executable, arguments: arguments, environment: environment,
            columns: pty.columns, rows: pty.rows, pixelWidth: pty.pixelWidth, pixelHeight: pty.pixelHeight,
            inherited: (reports.writeEnd, FirstPageReports.childDescriptor), budget: registry.limits.budget,
            template: launcher.template)
    }

    /// Ends the session once it has run too long or the client has been idle too long: one task, due when the
    /// first of the two could be reached, and set again for the new time when a key came since (not a check
    /// every second: a thousand idle sessions woke the front a thousand times a second). A spawned browser's
    /// memory is sampled each second beside it (`PseudoTerminal.sampleMemory`); a forked one's needs no look.
    private func startWatchdog(on channel: any Channel, terminal: PseudoTerminal) -> Watchdog {
        let limits = registry.limits
        let sessionStart = ContinuousClock.now
        let sampler = terminal.forked
            ? nil
            : channel.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in terminal.sampleMemory() }
        var watchdog = Watchdog(memory: sampler)
        watchdog.limits = scheduleLimits(on: channel.eventLoop, sessionStart: sessionStart, limits: limits)
        return watchdog
    }

    private func scheduleLimits(on loop: any EventLoop, sessionStart: ContinuousClock.Instant, limits: SessionLimits) -> Scheduled<Void> {
        let due = min(sessionStart + limits.maxSessionTime, lastInput + limits.idleTimeout)
        let wait = max(.milliseconds(1), due - .now)
        return loop.scheduleTask(in: TimeAmount(wait)) {
            let now = ContinuousClock.now
            if now - sessionStart >= limits.maxSessionTime {
                self.end(reason: .sshTimeLimit, because: .timeLimit)
            } else if now - self.lastInput >= limits.idleTimeout {
                self.end(reason: .sshIdle, because: .idle)
            } else {
                self.running?.watchdog?.limits = self.scheduleLimits(on: loop, sessionStart: sessionStart, limits: limits)
            }
        }
    }

    /// A pipe channel that reads what the browser writes and sends it to the client (with backpressure).
    private func connectOutput(of terminal: PseudoTerminal, to channel: any Channel) {
        NIOPipeBootstrap(group: channel.eventLoop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture {
                    try pipe.pipeline.syncOperations.addHandler(PTYOutputHandler(ssh: channel, metrics: self.registry.metrics))
                }
            }
            .takingOwnershipOfDescriptors(input: dup(terminal.master), output: dup(terminal.master))
            .whenComplete { result in
                switch result {
                case .success(let pipe):
                    channel.eventLoop.execute { self.running?.pipe = pipe }
                case .failure:
                    terminal.hangUp()
                }
            }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let bytes) = message.data else { return }
        lastInput = .now
        running?.pipe?.writeAndFlush(bytes, promise: nil)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(unwrapOutboundIn(data)))), promise: promise)
    }

    /// Backpressure: read from the pty only while the client keeps up.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        _ = running?.pipe?.setOption(ChannelOptions.autoRead, value: context.channel.isWritable)
        if context.channel.isWritable { running?.pipe?.read() }
        context.fireChannelWritabilityChanged()
    }

    /// Whether this channel holds the connection's file session.
    private var filesOpen = false

    func channelInactive(context: ChannelHandlerContext) {
        if state.closed() { connection.sessionEnded() }
        if filesOpen { connection.filesEnded() }
        if endReason == nil { endReason = .disconnected }
        running?.watchdog?.cancel()
        registry.remove(self)
        running?.terminal.hangUp()
        running?.pipe?.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
