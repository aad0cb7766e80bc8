import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// An SFTP session on an SSH channel: packets framed from the channel's bytes (one of more than
/// `SFTPPacket.maximumLength` ends the session), answered one at a time by the `SFTPSession` on a thread pool
/// (file I/O never blocks the event loop), in order. While more than `queueLimit` bytes of requests wait,
/// reading pauses, so a client that pipelines faster than the disk writes is held back by SSH's window,
/// not by the front's memory. Ended when idle or past its time like a browser session.
final class SFTPChannelHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private let session: SFTPSession
    private let pool: NIOThreadPool
    private let limits: SessionLimits
    private let ended: @Sendable (SFTPSession) -> Void
    private var received = ByteBuffer()
    private var waiting = CircularBuffer<ByteBuffer>()
    private var waitingBytes = 0
    private var busy = false
    private var closed = false
    private var inputClosed = false
    private var lastInput = ContinuousClock.now
    private var watchdog: RepeatedTask?

    /// Requests waiting to be answered, in bytes, before reading pauses.
    static let queueLimit = 1 << 20
    /// Requests answered in one trip to the thread pool at most.
    static let batchLimit = 64

    init(session: SFTPSession, limits: SessionLimits, pool: NIOThreadPool = .singleton, ended: @escaping @Sendable (SFTPSession) -> Void) {
        self.session = session
        self.limits = limits
        self.pool = pool
        self.ended = ended
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let started = ContinuousClock.now
        let channel = context.channel
        let limits = self.limits
        watchdog = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in
            let now = ContinuousClock.now
            if now - started > limits.maxSessionTime || now - self.lastInput > limits.idleTimeout {
                channel.close(promise: nil)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(var bytes) = message.data, !closed else { return }
        lastInput = .now
        received.writeBuffer(&bytes)
        while received.readableBytes >= 4, let length = received.getInteger(at: received.readerIndex, as: UInt32.self) {
            guard length > 0, length <= SFTPPacket.maximumLength else {
                // Not SFTP, or a client asking the front to hold more than a packet: the session ends.
                context.close(promise: nil)
                return
            }
            guard received.readableBytes >= 4 + Int(length) else { break }
            received.moveReaderIndex(forwardBy: 4)
            let packet = received.readSlice(length: Int(length))!
            waiting.append(packet)
            waitingBytes += packet.readableBytes
        }
        received.discardReadBytes()
        if waitingBytes > Self.queueLimit { _ = context.channel.setOption(ChannelOptions.autoRead, value: false) }
        answerNext(context: context)
    }

    /// Answers the waiting requests in order, as many as wait (a client pipelines up to 64 writes): one trip
    /// to the thread pool and one flush for all of them, then the next batch, until none waits.
    private func answerNext(context: ChannelHandlerContext) {
        guard !busy, !closed, !waiting.isEmpty else {
            if waiting.isEmpty, inputClosed, !busy { done(context: context) }
            return
        }
        busy = true
        var batch: [ByteBuffer] = []
        while batch.count < Self.batchLimit, let packet = waiting.popFirst() {
            batch.append(packet)
            waitingBytes -= packet.readableBytes
        }
        let session = self.session
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        pool.runIfActive(eventLoop: context.eventLoop) { batch.map { session.answer($0) } }.whenComplete { result in
            let context = bound.value
            self.busy = false
            guard !self.closed else { return self.finish() }
            guard case .success(let answers) = result else {
                context.close(promise: nil)
                return
            }
            for answer in answers {
                // A packet that ends the session ends it here, after the answers before it.
                guard let answer else {
                    context.flush()
                    context.close(promise: nil)
                    return
                }
                var framed = context.channel.allocator.buffer(capacity: answer.readableBytes + 4)
                framed.writeInteger(UInt32(answer.readableBytes))
                framed.writeImmutableBuffer(answer)
                context.write(self.wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(framed))), promise: nil)
            }
            context.flush()
            if self.waitingBytes <= Self.queueLimit / 2 {
                _ = context.channel.setOption(ChannelOptions.autoRead, value: true)
                context.read()
            }
            self.answerNext(context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event as? ChannelEvent == .inputClosed {
            // The client sent its last request: answer what waits, then close.
            inputClosed = true
            if waiting.isEmpty, !busy { done(context: context) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// The client is done and every request answered: exit status 0 (as sshd says for its sftp-server; `scp`
    /// reads it as the copy's success), then the channel closes.
    private func done(context: ChannelHandlerContext) {
        guard !closed else { return }
        let channel = context.channel
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 0)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed = true
        watchdog?.cancel()
        if !busy { finish() }
        context.fireChannelInactive()
    }

    /// Once, when the channel has closed and no request is being answered: uploads left open are given up.
    private var finished = false
    private func finish() {
        guard !finished else { return }
        finished = true
        session.end()
        ended(session)
    }
}
