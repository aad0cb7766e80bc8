import NIOCore

/// Reads what the browser writes to its terminal and sends it to the SSH client.
final class PTYOutputHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private let ssh: any Channel
    private let metrics: SSHMetrics

    init(ssh: any Channel, metrics: SSHMetrics) {
        self.ssh = ssh
        self.metrics = metrics
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        metrics.bytesOut.increment(by: bytes.readableBytes)
        ssh.writeAndFlush(bytes, promise: nil)  // the session handler wraps it as channel data
        if !ssh.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in } }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // EIO when the browser has exited and the pty's other side is gone.
        context.close(promise: nil)
    }
}
