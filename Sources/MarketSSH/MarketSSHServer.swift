import Foundation
import Logging
import NIOCore
import NIOPosix
public import NIOSSH

/// `openmarket ssh`: an SSH server whose every session with a pty is a browser on a pseudo-terminal.
public final class MarketSSHServer: Sendable {
    private let channel: any Channel
    /// The port it listens on.
    public let port: Int

    /// Listens on `host:port` (0 picks a free port).
    /// - Parameter authorizedKeys: nil for `--open` (anyone); otherwise only these keys.
    public static func start(
        host: String, port: Int, hostKey: NIOSSHPrivateKey, launcher: SessionLauncher, authorizedKeys: AuthorizedKeys?
    ) async throws -> MarketSSHServer {
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socket(SocketOptionLevel(SOL_SOCKET), SO_REUSEADDR), value: 1)
            .childChannelOption(ChannelOptions.socket(SocketOptionLevel(IPPROTO_TCP), TCP_NODELAY), value: 1)
            .childChannelInitializer { channel in
                let address = channel.remoteAddress?.ipAddress ?? "?"
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
                                        SessionHandler(launcher: launcher, connection: connection))
                                }
                            }),
                        ConnectionErrorHandler(logger: launcher.logger, address: address),
                    ])
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        return MarketSSHServer(channel: channel, port: channel.localAddress?.port ?? port)
    }

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    /// Waits until the listening socket closes.
    public func wait() async {
        try? await channel.closeFuture.get()
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
