import Logging
import NIOCore
import Testing

@testable import MarketServer

@Suite("Connection deadlines and limits")
struct ConnectionDeadlinesTests {
    let limits = ConnectionLimits(
        headerTimeout: .seconds(10), bodyTimeout: .seconds(60), idleTimeout: .seconds(75), maxConnections: 100,
        maxConnectionsPerAddress: 2)
    let t0 = NIODeadline.uptimeNanoseconds(1_000_000_000_000)

    func at(_ seconds: Int64) -> NIODeadline { t0 + .seconds(seconds) }

    @Test("a new connection is idle: it must send something within the idle timeout")
    func idle() {
        let deadlines = ConnectionDeadlines(limits: limits, now: t0)
        #expect(deadlines.phase == .idle(since: t0))
        #expect(deadlines.expired(at: at(74)) == nil)
        #expect(deadlines.expired(at: at(75)) == .idle)
    }

    @Test("half a header: closed after the header timeout counted from its first byte, however slowly it trickles")
    func slowHeader() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        deadlines.bytesArrived(at: at(1))
        deadlines.bytesArrived(at: at(9))  // more bytes do not move the deadline
        #expect(deadlines.phase == .readingHead(since: at(1)))
        #expect(deadlines.expired(at: at(10)) == nil)
        #expect(deadlines.expired(at: at(11)) == .head)
    }

    @Test("a header in time, then a body that never ends: closed after the body timeout")
    func slowBody() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        deadlines.bytesArrived(at: at(1))
        deadlines.headerArrived(at: at(2))
        #expect(deadlines.phase == .readingBody(since: at(2)))
        #expect(deadlines.expired(at: at(61)) == nil)
        #expect(deadlines.expired(at: at(62)) == .body)
    }

    @Test("answers the client does not take: closed after the stall timeout from the first look that saw bytes waiting and none taken; bytes taken, or none waiting, stop the clock")
    func stalled() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        for _ in 0..<3 {
            deadlines.bytesArrived(at: at(1))
            deadlines.headerArrived(at: at(1))
            deadlines.requestEnded()
        }
        deadlines.outgoing(taken: 1_000, waiting: 500, at: at(2))  // some taken since the start: the clock starts now
        deadlines.outgoing(taken: 4_000, waiting: 500, at: at(10))  // more taken: it starts again
        deadlines.outgoing(taken: 4_000, waiting: 900, at: at(15))  // none taken, more waiting: it runs on from 10
        #expect(deadlines.waitingSince == at(10))
        #expect(deadlines.expired(at: at(39)) == nil)
        #expect(deadlines.expired(at: at(40)) == .stalled)
        deadlines.outgoing(taken: 4_900, waiting: 0, at: at(41))  // all taken
        #expect(deadlines.waitingSince == nil)
        #expect(deadlines.expired(at: at(100)) == nil, "taking its answers again: answers still owed, no deadline")
        #expect(ConnectionDeadlines.Expiry.stalled.description == "answers not read")
    }

    @Test("quiet only while every request is being answered and nothing waits to go out: a change stream between events needs no look")
    func quiet() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        #expect(!deadlines.isQuiet, "idle: the idle timeout runs")
        deadlines.bytesArrived(at: at(1))
        #expect(!deadlines.isQuiet, "a header under way")
        deadlines.headerArrived(at: at(1))
        #expect(!deadlines.isQuiet, "a body under way")
        deadlines.requestEnded()
        #expect(deadlines.isQuiet)
        deadlines.outgoing(taken: 100, waiting: 40, at: at(2))
        #expect(!deadlines.isQuiet, "bytes waiting: the stall clock runs")
        deadlines.outgoing(taken: 140, waiting: 0, at: at(3))
        #expect(deadlines.isQuiet)
        deadlines.answerEnded(at: at(4))
        #expect(!deadlines.isQuiet, "answered: idle again")
    }

    @Test("while the channel's buffer is over its high-water mark no more requests are read")
    func unwritable() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        #expect(deadlines.readsMore)
        deadlines.writability(false)
        #expect(!deadlines.readsMore)
        deadlines.writability(true)
        #expect(deadlines.readsMore)
    }

    @Test("no more requests are read while 16 await their answers; one answer lets reading go on")
    func pipelinedCap() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        for _ in 0..<15 { deadlines.requestEnded() }
        #expect(deadlines.readsMore)
        deadlines.requestEnded()
        #expect(!deadlines.readsMore)
        deadlines.answerEnded(at: at(1))
        #expect(deadlines.readsMore)
    }

    @Test("no deadline while the server owes answers; idle again from the last answer")
    func responding() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        deadlines.bytesArrived(at: at(1))
        deadlines.headerArrived(at: at(1))
        deadlines.requestEnded()
        #expect(deadlines.phase == .responding)
        #expect(deadlines.unanswered == 1)
        #expect(deadlines.expired(at: at(10_000)) == nil)
        deadlines.answerEnded(at: at(500))
        #expect(deadlines.phase == .idle(since: at(500)))
        #expect(deadlines.expired(at: at(574)) == nil)
        #expect(deadlines.expired(at: at(575)) == .idle)
    }

    @Test("pipelined requests: each is counted; the next request's header is timed while earlier ones are answered")
    func pipelined() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        deadlines.bytesArrived(at: at(1))
        deadlines.headerArrived(at: at(1))
        deadlines.requestEnded()
        deadlines.headerArrived(at: at(1))
        deadlines.requestEnded()
        #expect(deadlines.unanswered == 2)
        deadlines.answerEnded(at: at(2))
        #expect(deadlines.phase == .responding, "one answer still owed")
        deadlines.bytesArrived(at: at(3))  // a third request starts while the second is answered
        #expect(deadlines.phase == .readingHead(since: at(3)))
        deadlines.answerEnded(at: at(4))
        #expect(deadlines.phase == .readingHead(since: at(3)), "the half-read request keeps its clock")
        #expect(deadlines.expired(at: at(13)) == .head)
    }

    @Test("an answer that ends before its request (an early 413) does not drop the body's deadline")
    func earlyAnswer() {
        var deadlines = ConnectionDeadlines(limits: limits, now: t0)
        deadlines.bytesArrived(at: at(1))
        deadlines.headerArrived(at: at(1))
        deadlines.answerEnded(at: at(2))
        #expect(deadlines.unanswered == 0)
        #expect(deadlines.phase == .readingBody(since: at(1)))
        #expect(deadlines.expired(at: at(61)) == .body)
    }

    @Test("the check interval is a quarter of the shortest timeout, never below 100 ms")
    func checkInterval() {
        #expect(limits.checkInterval == .milliseconds(2500))
        #expect(ConnectionLimits(headerTimeout: .milliseconds(100)).checkInterval == .milliseconds(100))
    }

    @Test("the default cap leaves room under the open-file limit")
    func defaultCap() {
        let cap = ConnectionLimits.defaultMaxConnections()
        #expect(cap >= 16 && cap <= 4_096)
        #expect(ConnectionLimits.defaultMaxConnections(openFiles: 1_024) == 720)
        #expect(ConnectionLimits.defaultMaxConnections(openFiles: 20_000) == 4_096, "at most 4,096")
        #expect(ConnectionLimits.defaultMaxConnections(openFiles: 64) == 16, "at least 16")
        #expect(ConnectionLimits.loopbackOnly.maxConnectionsPerAddress == 0)
    }

    @Test("per-address shares: admitted up to the limit, freed on release; 0 means no limit")
    func shares() {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let watch = ConnectionWatch(limits: limits, logger: logger)
        #expect(watch.admit("10.0.0.1"))
        #expect(watch.admit("10.0.0.1"))
        #expect(!watch.admit("10.0.0.1"))
        #expect(watch.admit("10.0.0.2"), "another address has its own share")
        #expect(watch.connections(from: "10.0.0.1") == 2)
        watch.release("10.0.0.1")
        #expect(watch.admit("10.0.0.1"))
        watch.release("10.0.0.2")
        #expect(watch.connections(from: "10.0.0.2") == 0)
        let open = ConnectionWatch(limits: .loopbackOnly, logger: logger)
        for _ in 0..<500 { #expect(open.admit("127.0.0.1")) }
    }

    @Test("the gate stops accepting at the cap and starts again when a connection closes")
    func gate() {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var gate = OpenConnectionsGate(watch: ConnectionWatch(limits: ConnectionLimits(maxConnections: 2), logger: logger))
        gate.connectionOpened()
        #expect(gate.isAcceptingNewConnections())
        gate.connectionOpened()
        #expect(!gate.isAcceptingNewConnections())
        gate.connectionClosed()
        #expect(gate.isAcceptingNewConnections())
    }
}
