#if canImport(Glibc)
import NIOConcurrencyHelpers
import Glibc
#endif
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A loopback TCP server for transport tests: it accepts connections and, once a request arrives, either
/// never answers (`.silent`) or writes fixed raw bytes and keeps the connection open. It records what
/// happened, so a test can tell that the client closed the connection.
final class ScriptedServer: Sendable {
    enum Script: Sendable {
        /// Accept and read, never answer.
        case silent
        /// Answer the first request on a connection with these bytes, then stay silent (the connection stays open).
        case send([UInt8])
    }

    /// What the server saw.
    struct Log: Sendable {
        var connections = 0
        var bytesReceived = 0
        var requestText = ""
        var closed = 0
    }

    /// The log and the open connections, shared with the channel handlers.
    final class Recorder: Sendable {
        private let state = NIOLockedValueBox<(log: Log, children: [any Channel])>((Log(), []))

        var log: Log { state.withLockedValue { $0.log } }
        var children: [any Channel] { state.withLockedValue { $0.children } }

        func update(_ change: (inout Log) -> Void) {
            state.withLockedValue { change(&$0.log) }
        }

        func adopt(_ child: any Channel) {
            state.withLockedValue { $0.children.append(child) }
        }
    }

    private let channel: any Channel
    private let recorder: Recorder
    let port: Int

    private init(channel: any Channel, recorder: Recorder, port: Int) {
        self.channel = channel
        self.recorder = recorder
        self.port = port
    }

    /// Starts a server on 127.0.0.1 and a free port.
    static func start(_ script: Script) async throws -> ScriptedServer {
        let recorder = Recorder()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                recorder.adopt(child)
                return child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(ScriptHandler(script: script, recorder: recorder))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw ScriptedServerError.noPort }
        return ScriptedServer(channel: channel, recorder: recorder, port: port)
    }

    /// A port that nothing listens on: bound for a moment, then closed.
    /// A loopback port nothing listens on, held for as long as `body` runs: a socket bound to it but
    /// never listening, so no other test's server can take it meanwhile (a port merely closed again
    /// was sometimes picked by a server started in parallel, which then answered).
    static func withClosedPort<Value>(_ body: (Int) async throws -> Value) async throws -> Value {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return try await body(Int(UInt16(bigEndian: address.sin_port)))
    }

    /// `http://127.0.0.1:port` + `path`.
    func url(_ path: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    var log: Log { recorder.log }

    /// Waits until `condition` holds for the log, or `limit` passes; returns whether it held.
    func wait(upTo limit: Duration = .seconds(20), until condition: (Log) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition(log) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(log)
    }

    /// Closes every open connection and the listening socket.
    func stop() async throws {
        for child in recorder.children { try? await child.close() }
        try await channel.close()
    }
}

enum ScriptedServerError: Error {
    case noPort
}

/// Plays the script on one connection and reports to the recorder.
private final class ScriptHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let script: ScriptedServer.Script
    let recorder: ScriptedServer.Recorder
    var answered = false

    init(script: ScriptedServer.Script, recorder: ScriptedServer.Recorder) {
        self.script = script
        self.recorder = recorder
    }

    func channelActive(context: ChannelHandlerContext) {
        recorder.update { $0.connections += 1 }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let text = String(buffer: buffer)
        recorder.update {
            $0.bytesReceived += buffer.readableBytes
            if $0.requestText.utf8.count < 4096 { $0.requestText += text }
        }
        guard !answered, case .send(let bytes) = script else { return }
        answered = true
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        recorder.update { $0.closed += 1 }
    }
}
