import NIOCore

/// The PROXY protocol's version 1 header (`PROXY TCP4 203.0.113.7 10.0.0.1 51234 2222\r\n`), which a load
/// balancer in TCP mode (HAProxy's `send-proxy`, nginx's `proxy_protocol on`) sends before the client's
/// bytes so the front learns who the client is. Reads the header, hands the client's address to
/// `admit` — which sets the SSH handlers up after this one, or refuses — then removes itself and passes
/// on what followed the header. A connection without a well-formed header within `timeout` is closed.
final class ProxyHeaderHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The longest version 1 header, `\r\n` included (the specification's 107 bytes).
    static let maximumLength = 107

    private let admit: (_ address: String, _ context: ChannelHandlerContext) -> Bool
    private let timeout: TimeAmount
    private var received: ByteBuffer?
    private var deadline: Scheduled<Void>?

    /// - Parameter admit: called once with the client's address; returns false when the connection was refused.
    init(timeout: TimeAmount = .seconds(5), admit: @escaping (_ address: String, _ context: ChannelHandlerContext) -> Bool) {
        self.timeout = timeout
        self.admit = admit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if received == nil { received = bytes } else { received!.writeBuffer(&bytes) }
        guard var buffer = received else { return }
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes >= Self.maximumLength { refuse(context) }
            return
        }
        let length = newline - view.startIndex + 1
        guard length <= Self.maximumLength, let line = buffer.readString(length: length),
            let address = Self.clientAddress(inHeader: line)
        else { return refuse(context) }
        deadline?.cancel()
        received = nil
        guard admit(address, context) else { return }
        if buffer.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(buffer)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func refuse(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        received = nil
        context.close(promise: nil)
    }

    /// The client's address in a version 1 header line, or nil when the line is not one. `PROXY UNKNOWN`
    /// (the balancer's own health check) gives "unknown".
    static func clientAddress(inHeader line: String) -> String? {
        // "\r\n" is one Character: cut it off as two scalars.
        guard line.unicodeScalars.suffix(2).elementsEqual(["\r", "\n"]) else { return nil }
        let words = String(line.unicodeScalars.dropLast(2)).split(separator: " ", omittingEmptySubsequences: false)
        guard words.first == "PROXY", words.count >= 2 else { return nil }
        if words[1] == "UNKNOWN" { return "unknown" }
        guard words.count == 6, words[1] == "TCP4" || words[1] == "TCP6",
            let sourcePort = Int(words[4]), (0...65535).contains(sourcePort), Int(words[5]).map({ (0...65535).contains($0) }) == true
        else { return nil }
        let source = String(words[2])
        let valid =
            words[1] == "TCP4"
            ? (try? SocketAddress(ipAddress: source, port: 0)).map { if case .v4 = $0 { true } else { false } } ?? false
            : (try? SocketAddress(ipAddress: source, port: 0)).map { if case .v6 = $0 { true } else { false } } ?? false
        return valid ? source : nil
    }
}
