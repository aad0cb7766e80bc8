import NIOCore

/// The first handler of every HTTP connection. It counts the connection against its client address's
/// share (answering 503 and closing when the share is used up), notes when request bytes arrive, and
/// closes the connection once `ConnectionDeadlines` says it has run out of time — with a 408 when it
/// was in the middle of a request and owed nothing. `RequestProgressObserver`, behind the HTTP decoder,
/// tells it where requests and answers begin and end. While `maxPipelined` requests await their answers, or
/// the channel is not writable, it reads no more (their bytes wait in the kernel). A client that reads none
/// of its answers is closed after the stall timeout: each write's bytes are counted as they pass, and the
/// deadline check compares them with what still waits in the channel (`bufferedWritableBytes`) — bytes
/// waiting and none taken since the last look. (Watching each write with a promise and a callback, as
/// until the second part of issue 32, cost page 1 a fifth of its throughput.)
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = ByteBuffer

    private let watch: ConnectionWatch
    private var deadlines: ConnectionDeadlines
    private var state = State.new
    private var check: Scheduled<Void>?
    /// The pipeline's context, to read again once answers have caught up.
    private var context: ChannelHandlerContext?
    /// A read asked for while too many requests awaited their answers.
    private var readHeld = false
    /// Bytes handed to the socket so far (taken by the kernel, or waiting in the channel's buffer).
    private var handed: Int64 = 0

    private enum State {
        case new
        /// Counted against this address.
        case admitted(address: String)
        /// Over its address's share: answered 503, closing, reading nothing more.
        case refused
        case closed
    }

    init(watch: ConnectionWatch) {
        self.watch = watch
        deadlines = ConnectionDeadlines(limits: watch.limits, now: .now())
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { activate(context) }
    }

    func read(context: ChannelHandlerContext) {
        guard deadlines.readsMore else {
            readHeld = true
            return
        }
        context.read()
    }

    /// Counts the bytes on their way; the write itself passes untouched.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .byteBuffer(let buffer): handed += Int64(buffer.readableBytes)
        case .fileRegion(let region): handed += Int64(region.readableBytes)
        }
        lookAgain()
        context.write(data, promise: promise)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        deadlines.writability(context.channel.isWritable)
        readIfHeld()
        context.fireChannelWritabilityChanged()
    }

    func channelActive(context: ChannelHandlerContext) {
        activate(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .admitted = state else { return }
        deadlines.bytesArrived(at: .now())
        lookAgain()
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
    }

    // MARK: What the HTTP side reports

    func headerArrived() { deadlines.headerArrived(at: .now()) }

    func requestEnded() { deadlines.requestEnded() }

    func answerEnded() {
        deadlines.answerEnded(at: .now())
        lookAgain()
        readIfHeld()
    }

    /// Reads again when a read was held and the connection may read more now.
    private func readIfHeld() {
        if readHeld, deadlines.readsMore, let context {
            readHeld = false
            context.read()
        }
    }

    // MARK: Own work

    private func activate(_ context: ChannelHandlerContext) {
        guard case .new = state else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard watch.admit(address) else {
            state = .refused
            answer(context, status: "503 Service Unavailable", code: 503,
                   message: "too many connections from your address; try again shortly", retryAfter: true)
            return
        }
        state = .admitted(address: address)
        deadlines = ConnectionDeadlines(limits: watch.limits, now: .now())
        scheduleCheck(context)
    }

    private func scheduleCheck(_ context: ChannelHandlerContext) {
        check = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(watch.limits.checkInterval)) {
            self.check = nil
            guard case .admitted(let address) = self.state else { return }
            let waiting = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
            self.deadlines.outgoing(taken: self.handed - Int64(waiting), waiting: waiting, at: .now())
            guard let expiry = self.deadlines.expired(at: .now()) else {
                // An answer under way with nothing left to send (a change stream between its events) has
                // nothing to time: its next write (`write`) or the next request's bytes set the next look.
                if !self.deadlines.isQuiet { self.scheduleCheck(context) }
                return
            }
            self.watch.closed(address, expiry)
            if expiry != .idle, self.deadlines.unanswered == 0 {
                self.answer(context, status: "408 Request Timeout", code: 408, message: "\(expiry) in time", retryAfter: false)
            } else {
                context.close(promise: nil)
            }
        }
    }

    /// Sets the next look when none is due (the connection was quiet).
    private func lookAgain() {
        if check == nil, case .admitted = state, let context { scheduleCheck(context) }
    }

    /// Writes a whole HTTP answer in the API's error shape below the HTTP encoder, then closes.
    private func answer(_ context: ChannelHandlerContext, status: String, code: Int, message: String, retryAfter: Bool) {
        let body = JSONText.errorBody(code: code, message: message)
        var buffer = context.channel.allocator.buffer(capacity: 256)
        buffer.writeString(
            "HTTP/1.1 \(status)\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
                + (retryAfter ? "Retry-After: 5\r\n" : "") + "Connection: close\r\n\r\n" + body)
        // Closed once the answer is out — or after the stall timeout regardless: a client that reads nothing
        // never lets it out, and the connection must not wait for it.
        let cutOff = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(watch.limits.stallTimeout)) {
            context.close(promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(buffer)).assumeIsolated().whenComplete { _ in
            cutOff.cancel()
            context.close(promise: nil)
        }
    }

    private func finish() {
        context = nil
        check?.cancel()
        check = nil
        if case .admitted(let address) = state { watch.release(address) }
        state = .closed
    }
}
