import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Notices
public import NIOSSH

/// `openmarket ssh`: an SSH server whose every session with a pty is a browser on a pseudo-terminal.
public final class MarketSSHServer: Sendable {
    private let channel: any Channel
    private let registry: SessionRegistry
    /// The port it listens on.
    public let port: Int

    /// Connections the kernel queues for `accept` (the kernel caps it at `net.core.somaxconn`). NIO's default
    /// of 128 overflowed 26,000 times in one siege of 5,000 reconnecting sockets: each overflow drops a SYN or
    /// the handshake's last ACK, and a visitor caught in it waited for the kernel's retransmissions, 3 s once
    /// and 12 s once (CI, 2026-11-27). The door decides after `accept`, so the queue must hold a burst.
    static let listenBacklog: Int32 = 4096
    /// Connections accepted per wake-up of the listening socket (NIO's default is 4): drained in bigger gulps,
    /// the queue keeps up with a siege while the event loop still serves the channels between gulps.
    static let acceptsPerRead: UInt = 64

    /// Listens on `host:port` (0 picks a free port).
    /// - Parameter authorizedKeys: nil for `--open` (anyone); otherwise only these keys.
    /// - Parameter metrics: what the front reports (`SSHMetrics`); none by default.
    /// - Parameter proxyProtocol: connections start with a PROXY protocol header naming the client (the
    ///   server sits behind a TCP load balancer); limits and logs then count the client, not the balancer.
    public static func start(
        host: String, port: Int, hostKey: NIOSSHPrivateKey, launcher: SessionLauncher, authorizedKeys: AuthorizedKeys?,
        limits: SessionLimits = SessionLimits(), proxyProtocol: Bool = false, metrics: SSHMetrics = SSHMetrics()
    ) async throws -> MarketSSHServer {
        let registry = SessionRegistry(limits: limits, metrics: metrics)
        let reports = try await FirstPageReports.start(on: MultiThreadedEventLoopGroup.singleton, metrics: metrics)
        let notices = NoticeThrottle(logger: launcher.logger)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socket(SocketOptionLevel(SOL_SOCKET), SO_REUSEADDR), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: listenBacklog)
            .serverChannelOption(ChannelOptions.maxMessagesPerRead, value: acceptsPerRead)
            .childChannelOption(ChannelOptions.socket(SocketOptionLevel(IPPROTO_TCP), TCP_NODELAY), value: 1)
            .childChannelInitializer { channel in
                let setUp = ConnectionSetUp(
                    registry: registry, notices: notices, limits: limits, hostKey: hostKey, launcher: launcher,
                    authorizedKeys: authorizedKeys, reports: reports)
                guard proxyProtocol else {
                    return channel.eventLoop.makeCompletedFuture {
                        try setUp.admit(channel, from: channel.remoteAddress?.ipAddress ?? "?")
                    }
                }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ProxyHeaderHandler { address, context in
                            (try? setUp.admit(context.channel, from: address, after: context.handler)) == true
                        })
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        return MarketSSHServer(channel: channel, registry: registry, port: channel.localAddress?.port ?? port)
    }

    /// Closes the connection once it has said nothing for `silenceTimeout`, or gone `loginGraceTime` without a
    /// session (a handshake or an authentication that never finishes, or a client that holds the connection
    /// open doing nothing); either penalizes its address. Returns its startup slot when it closes before its
    /// first session. A look is due when the first of those could be reached (not every few seconds: a thousand
    /// visitors' connections woke the front hundreds of times a second for nothing); while a session is open
    /// nothing is due, and its end (`ConnectionInfo.sessionEnded`) sets the next look.
    static func watch(
        _ connection: ConnectionInfo, on channel: any Channel, registry: SessionRegistry, notices: NoticeThrottle
    ) {
        let grace = registry.limits.loginGraceTime
        let silence = min(grace, registry.limits.silenceTimeout)
        let closedByUs = NIOLockedValueBox(false)
        // Not `isActive`: the channel is watched from its initializer, before it is active.
        let closed = NIOLockedValueBox(false)
        @Sendable func look() {
            guard !closed.withLockedValue({ $0 }), let due = connection.nextLook(silence: silence, grace: grace) else { return }
            channel.eventLoop.scheduleTask(in: TimeAmount(max(.milliseconds(1), due - .now))) {
                guard !closed.withLockedValue({ $0 }) else { return }
                if connection.hasBeenSilent(longerThan: silence) {
                    registry.metrics.refused(.silent)
                    notices.post("silent") { count in
                        "closed \(count) ssh connection(s) (latest from \(connection.address)): nothing said within \(silence.components.seconds) s"
                    }
                } else if connection.hasBeenWithoutSession(longerThan: grace) {
                    if connection.isInStartup { registry.metrics.refused(.grace) }
                    notices.post("grace") { count in
                        "closed \(count) ssh connection(s) (latest from \(connection.address)): no session within \(grace.components.seconds) s"
                    }
                } else {
                    look()
                    return
                }
                closedByUs.withLockedValue { $0 = true }
                channel.close(promise: nil)
            }
        }
        connection.whenWithoutSession { channel.eventLoop.execute { look() } }
        look()
        channel.closeFuture.whenComplete { _ in
            closed.withLockedValue { $0 = true }
            connection.whenWithoutSession(nil)
            if connection.closeStartup() {
                registry.endStartup(connection, penalize: closedByUs.withLockedValue { $0 })
            }
        }
    }

    private init(channel: any Channel, registry: SessionRegistry, port: Int) {
        self.channel = channel
        self.registry = registry
        self.port = port
    }

    /// Sessions open now.
    public var sessionCount: Int { registry.count }

    /// Stops listening, says goodbye to every session (each browser restores its screen first) and
    /// waits up to `grace` for them to end.
    public func stop(grace: Duration = .seconds(3)) async {
        try? await channel.close()
        for session in registry.all { session.end(reason: .sshShuttingDown, because: .shutdown) }
        let deadline = ContinuousClock.now + grace
        while registry.count > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

}

/// Closes a connection on any protocol error (garbage instead of SSH, a bad key) and logs it once.
final class ConnectionErrorHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = Any
    let logger: Logger
    let address: String

    init(logger: Logger, address: String) {
        self.logger = logger
        self.address = address
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.notice("ssh connection from \(address) closed: \(error)")
        context.close(promise: nil)
    }
}
