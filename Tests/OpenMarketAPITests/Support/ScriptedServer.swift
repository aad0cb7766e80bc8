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

    /// `http://127.0.0.1:port` + `path`.
    func url(_ path: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    var log: Log { recorder.log }

    /// Waits until `condition` holds for the log, or `limit` passes; returns whether it held. The limit is
    /// only for what never happens: the whole suite starting at once on 2 cores has delayed a close by
    /// over 20 s.
    func wait(upTo limit: Duration = .seconds(120), until condition: (Log) -> Bool) async -> Bool {
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
