import Foundation
import Logging
import NIOCore
import NIOPosix
public import NIOSSH

/// `openmarket ssh`: an SSH server whose every session with a pty is a browser on a pseudo-terminal.
public final class MarketSSHServer: Sendable {
    private let channel: any Channel
    private let registry: SessionRegistry
    /// The port it listens on.
    public let port: Int

    /// Listens on `host:port` (0 picks a free port).
    /// - Parameter authorizedKeys: nil for `--open` (anyone); otherwise only these keys.
    public static func start(
        host: String, port: Int, hostKey: NIOSSHPrivateKey, launcher: SessionLauncher, authorizedKeys: AuthorizedKeys?,
        limits: SessionLimits = SessionLimits()
    ) async throws -> MarketSSHServer {
        let registry = SessionRegistry(limits: limits)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socket(SocketOptionLevel(SOL_SOCKET), SO_REUSEADDR), value: 1)
            .childChannelOption(ChannelOptions.socket(SocketOptionLevel(IPPROTO_TCP), TCP_NODELAY), value: 1)
            .childChannelInitializer { channel in
                let address = channel.remoteAddress?.ipAddress ?? "?"
                guard registry.admitConnection(from: address) else {
                    launcher.logger.notice("ssh connection from \(address) refused: more than \(limits.connectionsPerMinute) a minute")
                    return channel.close()
                }
                let connection = ConnectionInfo(address: address)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        NIOSSHHandler(
                            role: .server(
                                .init(
                                    hostKeys: [hostKey],
                                    userAuthDelegate: authorizedKeys.map {
                                        AuthorizedKeysDelegate(keys: $0, connection: connection)
                                    } ?? OpenAccessDelegate(connection: connection))),
                            allocator: channel.allocator,
                            inboundChildChannelInitializer: { child, type in
                                guard case .session = type else {
                                    return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                                }
                                return child.eventLoop.makeCompletedFuture {
                                    try child.pipeline.syncOperations.addHandler(
                                        SessionHandler(launcher: launcher, connection: connection, registry: registry))
                                }
                            }),
                        ConnectionErrorHandler(logger: launcher.logger, address: address),
                    ])
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        return MarketSSHServer(channel: channel, registry: registry, port: channel.localAddress?.port ?? port)
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
        for session in registry.all { session.end(reason: "The server is shutting down — goodbye.") }
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
