import NIOCore

/// Notes the client's first bytes (its SSH version line) on the connection, then leaves the pipeline: a
/// connection that says nothing is closed by its watchdog sooner than one that is logging in.
final class FirstBytesWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: ConnectionInfo

    init(connection: ConnectionInfo) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.heardFrom()
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
