import NIOCore
import NIOEmbedded
import Testing

@testable import MarketSSH

@Suite("PROXY protocol headers from a load balancer")
struct ProxyHeaderTests {
    @Test("TCP4, TCP6 and UNKNOWN headers give the client's address")
    func valid() {
        #expect(ProxyHeaderHandler.clientAddress(inHeader: "PROXY TCP4 203.0.113.7 10.0.0.1 51234 2222\r\n") == "203.0.113.7")
        #expect(ProxyHeaderHandler.clientAddress(inHeader: "PROXY TCP6 2001:db8::7 2001:db8::1 51234 2222\r\n") == "2001:db8::7")
        #expect(ProxyHeaderHandler.clientAddress(inHeader: "PROXY UNKNOWN\r\n") == "unknown")
    }

    @Test("malformed headers give nothing", arguments: [
        "PROXY TCP4 203.0.113.7 10.0.0.1 51234 2222\n", "PROXY TCP4 2001:db8::7 10.0.0.1 1 2\r\n",
        "PROXY TCP6 203.0.113.7 ::1 1 2\r\n", "PROXY TCP4 999.0.0.1 10.0.0.1 1 2\r\n", "PROXY TCP4 1.2.3.4 5.6.7.8 1\r\n",
        "PROXY TCP4 1.2.3.4 5.6.7.8 70000 2\r\n", "SSH-2.0-OpenSSH_9.2\r\n", "PROXY TCP4 1.2.3.4 5.6.7.8 1 2 3\r\n", "",
    ])
    func malformed(line: String) {
        #expect(ProxyHeaderHandler.clientAddress(inHeader: line) == nil)
    }

    /// Collects what reaches the handler set up after the header.
    final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        var received = ByteBuffer()
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            received.writeBuffer(&bytes)
        }
    }

    @Test("a header split over reads is assembled; what follows it reaches the handlers set up; the handler leaves")
    func pipeline() throws {
        let channel = EmbeddedChannel()
        let collector = Collector()
        var admitted: String?
        try channel.pipeline.syncOperations.addHandler(
            ProxyHeaderHandler { address, context in
                admitted = address
                try? context.pipeline.syncOperations.addHandler(collector, position: .after(context.handler))
                return true
            })
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.writeInbound(ByteBuffer(string: "PROXY TCP4 198.51.100.2 "))
        #expect(admitted == nil)
        try channel.writeInbound(ByteBuffer(string: "127.0.0.1 4000 2222\r\nSSH-2.0-client\r\n"))
        #expect(admitted == "198.51.100.2")
        #expect(String(buffer: collector.received) == "SSH-2.0-client\r\n")
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: ProxyHeaderHandler.self) }
        _ = try channel.finish()
    }

    @Test("no header, a bad one, or one past 107 bytes closes the connection before anything is admitted")
    func refused() throws {
        for input in ["SSH-2.0-OpenSSH_9.2\r\n", "PROXY TCP4 x y 1 2\r\n", "PROXY " + String(repeating: "9", count: 120)] {
            let channel = EmbeddedChannel()
            var admitted = false
            try channel.pipeline.syncOperations.addHandler(ProxyHeaderHandler { _, _ in
                admitted = true
                return true
            })
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
            _ = try? channel.writeInbound(ByteBuffer(string: input))
            #expect(!admitted && !channel.isActive, "\(input.prefix(20))")
            _ = try? channel.finish()
        }
    }
}
