import Foundation
import NIOCore
import NIOSSH

/// One visitor's session channel, on its connection's event loop: asks for a pty and a shell, answers the
/// terminal's question (DA1) as xterm does, waits for the first page's marker, presses j and k in turn every few
/// seconds until its stay is over, and leaves with q. Every read is timed where it arrives, on the loop that
/// reads the socket: a first page and a key are timed to their first sign (the marker, the first byte after the
/// key) and to their end (the last byte before the screen stays quiet for `quiet` seconds).
final class VisitorHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    /// A key pressed and not yet recorded: waiting for its first byte, then for the end of its answer.
    private struct PendingKey {
        let number: Int
        let sent: ContinuousClock.Instant
        var firstByte: ContinuousClock.Instant?
    }

    private static let question1 = Array("\u{1b}[c".utf8)
    private static let question2 = Array("\u{1b}[0c".utf8)
    /// What xterm answers (VT420 with the usual extensions, no sixel): bench/crowd.py's answer.
    private static let answer = Array("\u{1b}[?64;1;2;6;9;15;16;17;18;21;22;28c".utf8)

    private let index: Int
    private let options: CrowdOptions
    private let record: CrowdRecord
    private let connected: ContinuousClock.Instant
    private let marker: Regex<AnyRegexOutput>
    private let finished: EventLoopPromise<Void>

    private var tail: [UInt8] = []
    private var answeredQuestion = false
    private var firstPage: ContinuousClock.Instant?
    /// The first page's end is awaited.
    private var pageAwaited = false
    /// Keys pressed and not yet recorded. On an open loop a key can be pressed before the last one's answer: a
    /// key is never dropped for that — the first byte after it answers it, and each waits its own 5 s.
    private var keys: [PendingKey] = []
    private var lastByte = ContinuousClock.now
    private var quietCheck: Scheduled<Void>?
    private var leaveAt: ContinuousClock.Instant?
    private var leaving = false
    /// A failure already counted (no first page, no clean exit): the channel's end adds none.
    private var failed = false
    /// The channel has closed: late timers count nothing.
    private var ended = false
    private var exitStatus: Int?
    private var turn = 0
    private var counted = false
    private var bytes = 0

    init(
        index: Int, options: CrowdOptions, record: CrowdRecord, connected: ContinuousClock.Instant, finished: EventLoopPromise<Void>
    ) throws {
        self.index = index
        self.options = options
        self.record = record
        self.connected = connected
        self.marker = try Regex(options.marker)
        self.finished = finished
    }

    func channelActive(context: ChannelHandlerContext) {
        let pty = SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: false, term: options.term, terminalCharacterWidth: options.columns, terminalRowHeight: options.rows,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))
        context.triggerUserOutboundEvent(pty, promise: nil)
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ShellRequest(wantReply: false), promise: nil)
        pageAwaited = true
        // The first page is due within the time-out from the connection's start, the handshake included (as
        // crowd.py's); the handshake itself is bounded by `visit`.
        let left = options.firstPageTimeout - (ContinuousClock.now - connected).inSeconds
        schedule(in: max(0, left), context: context) { handler, context in
            guard handler.firstPage == nil, !handler.leaving else { return }
            handler.fail("no-first-page", context: context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .byteBuffer(var buffer) = message.data, message.type == .channel,
            let read = buffer.readBytes(length: buffer.readableBytes)
        else { return }
        let now = ContinuousClock.now
        bytes += read.count
        lastByte = now
        let window = tail + read
        if !answeredQuestion, contains(window, Self.question1) || contains(window, Self.question2) {
            answeredQuestion = true
            write(Self.answer, context: context)
        }
        for index in keys.indices where keys[index].firstByte == nil {
            keys[index].firstByte = now
            if options.closedLoop { scheduleNextKey(context: context) }
        }
        if firstPage == nil, String(decoding: window, as: UTF8.self).contains(marker) {
            firstPage = now
            leaveAt = now + .seconds(options.stay)
            counted = true
            record.update {
                $0.live += 1
                $0.peak = max($0.peak, $0.live)
            }
            // Let the first page's pictures arrive before timing keys.
            schedule(in: min(options.keyEvery, options.stay), context: context) { $0.pressKey(context: $1) }
        }
        tail = Array(window.suffix(512))
        if pageAwaited || !keys.isEmpty, quietCheck == nil { watchQuiet(context: context) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let status = event as? SSHChannelRequestEvent.ExitStatus { exitStatus = status.exitStatus }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        quietCheck?.cancel()
        settle(at: nil)
        let text = String(decoding: tail, as: UTF8.self)
        let bytes = bytes
        let outcome: String?
        if failed {
            outcome = nil
        } else if leaving {
            outcome = exitStatus == nil || exitStatus == 0 ? nil : "unclean-exit"
        } else if firstPage == nil {
            outcome = text.range(of: #"full .{0,8}try again"#, options: .regularExpression) != nil ? "full" : "cut"
        } else {
            outcome = "cut"
        }
        let index = index
        let counted = counted
        record.update {
            $0.bytes += bytes
            if counted { $0.live -= 1 }
            if let outcome { $0.failures[outcome, default: 0] += 1 }
            if outcome == "cut", counted {
                $0.cutVisitors.insert(index)
                if text.contains("goodbye") { $0.goodbyes += 1 }
            }
        }
        leaving = true
        ended = true
        context.channel.parent?.close(promise: nil)
        finished.succeed(())
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    // MARK: - Keys

    private func pressKey(context: ChannelHandlerContext) {
        guard !leaving, let leaveAt else { return }
        settle(at: nil)
        if ContinuousClock.now + .milliseconds(100) >= leaveAt {
            leaving = true
            write(Array("q".utf8), context: context)
            schedule(in: 10, context: context) { handler, context in
                handler.fail("unclean-exit", context: context)
            }
            return
        }
        write(turn % 2 == 0 ? Array("j".utf8) : Array("k".utf8), context: context)
        turn += 1
        let number = turn
        keys.append(PendingKey(number: number, sent: .now))
        schedule(in: 5, context: context) { handler, context in
            guard !handler.ended, let index = handler.keys.firstIndex(where: { $0.number == number && $0.firstByte == nil })
            else { return }
            handler.keys.remove(at: index)
            handler.record.update { $0.failures["key-timeout", default: 0] += 1 }
            if handler.options.closedLoop { handler.scheduleNextKey(context: context) }
        }
        if !options.closedLoop { scheduleNextKey(context: context) }
    }

    /// The next key after a pause of `keyEvery` ±40%, or the leaving if the stay ends first.
    private func scheduleNextKey(context: ChannelHandlerContext) {
        guard let leaveAt else { return }
        let pause = options.keyEvery * Double.random(in: 0.6...1.4)
        schedule(in: max(0, min(pause, (leaveAt - .now).inSeconds)), context: context) { $0.pressKey(context: $1) }
    }

    // MARK: - Quiet: the end of an answer

    /// Checks, `quiet` seconds after the last byte, whether another came; when none did, what was awaited ended then.
    private func watchQuiet(context: ChannelHandlerContext) {
        let due = lastByte + .seconds(options.quiet)
        let wait = max(0.001, (due - .now).inSeconds)
        quietCheck = schedule(in: wait, context: context) { handler, context in
            handler.quietCheck = nil
            if ContinuousClock.now - handler.lastByte >= .seconds(handler.options.quiet) {
                handler.settle(at: handler.lastByte)
            } else {
                handler.watchQuiet(context: context)
            }
        }
    }

    /// Records the first page and the keys that have had their first byte: ended at `end`, or (nil) not seen to
    /// end before the next key, the leaving or a cut. Keys still without an answer wait on.
    private func settle(at end: ContinuousClock.Instant?) {
        if pageAwaited, let firstPage {
            pageAwaited = false
            let entry = (index, record.seconds(connected), (firstPage - connected).inSeconds, end.map { ($0 - connected).inSeconds })
            record.update { $0.firstPages.append(entry) }
        }
        let answered = keys.filter { $0.firstByte != nil }
        guard !answered.isEmpty else { return }
        keys.removeAll { $0.firstByte != nil }
        let entries = answered.compactMap { key in
            key.firstByte.map { (index, record.seconds(key.sent), ($0 - key.sent).inSeconds, end.map { ($0 - key.sent).inSeconds }) }
        }
        record.update { $0.keys.append(contentsOf: entries) }
    }

    // MARK: - Helpers

    private func fail(_ kind: String, context: ChannelHandlerContext) {
        guard !failed, !ended else { return }
        leaving = true
        failed = true
        record.update { $0.failures[kind, default: 0] += 1 }
        context.channel.parent?.close(promise: nil)
    }

    private func write(_ bytes: [UInt8], context: ChannelHandlerContext) {
        let buffer = context.channel.allocator.buffer(bytes: bytes)
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(buffer))), promise: nil)
    }

    @discardableResult
    private func schedule(
        in seconds: Double, context: ChannelHandlerContext, _ body: @escaping (VisitorHandler, ChannelHandlerContext) -> Void
    ) -> Scheduled<Void> {
        let bound = NIOLoopBound((self, context, body), eventLoop: context.eventLoop)
        return context.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
            let (handler, context, body) = bound.value
            body(handler, context)
        }
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
