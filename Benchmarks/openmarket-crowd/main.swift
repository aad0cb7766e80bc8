import Crypto
import Foundation
import NIOCore
import NIOPosix
import NIOSSH

// A crowd at the door of `openmarket ssh`, the second client: compiled Swift on SwiftNIO SSH, a multi-threaded
// event-loop group (one thread per core unless --threads), every visitor a state machine on its connection's
// loop. bench/crowd.py (AsyncSSH, one Python event loop) is the first; `bench/crowd.py --client
// .build/release/openmarket-crowd` runs this one at the front crowd.py starts and measures, and reports both
// alike. Options as crowd.py's (--host --port --visitors --rate --stay --key-every --keyed --marker --term
// --size --source-base --keys), and --threads, --quiet (seconds of silence that end an answer), --json FILE: the
// raw times, which crowd.py turns into its percentiles.

let options: CrowdOptions
do {
    options = try CrowdOptions(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("openmarket-crowd: \(error)\n".utf8))
    exit(64)
}

let group = MultiThreadedEventLoopGroup(numberOfThreads: options.threads)
let first = ContinuousClock.now + .milliseconds(200)
let record = CrowdRecord(start: first)

/// How late each loop's 20 ms timer wakes: a read handled late by a busy loop is timed late too.
func sampleLag(on loop: any EventLoop, until end: NIODeadline) {
    let asked = ContinuousClock.now
    loop.scheduleTask(in: .milliseconds(20)) {
        let woke = ContinuousClock.now
        let lag = (woke - asked - .milliseconds(20)).inSeconds
        record.update { $0.lags.append((record.seconds(woke), lag)) }
        if NIODeadline.now() < end { sampleLag(on: loop, until: end) }
    }
}

/// One visitor: connects from its own loopback address, opens a session and hands it to a `VisitorHandler`.
func visit(_ index: Int, on loop: any EventLoop) -> EventLoopFuture<Void> {
    let finished = loop.makePromise(of: Void.self)
    let connected = ContinuousClock.now
    let due = NIODeadline.now() + .nanoseconds(Int64(options.firstPageTimeout * 1e9))
    let key = options.hasOwnKey(index) ? NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey()) : nil
    let username = key == nil ? "guest" : "visitor\(index)"
    let bootstrap = ClientBootstrap(group: loop)
        .channelOption(ChannelOptions.socket(SocketOptionLevel(IPPROTO_TCP), TCP_NODELAY), value: 1)
        .connectTimeout(.seconds(Int64(options.firstPageTimeout)))
        .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                let authentication = VisitorAuthentication(username: username, key: key)
                try channel.pipeline.syncOperations.addHandler(
                    NIOSSHHandler(
                        role: .client(.init(userAuthDelegate: authentication, serverAuthDelegate: authentication)),
                        allocator: channel.allocator, inboundChildChannelInitializer: nil))
            }
        }
    let source: SocketAddress
    do {
        source = try SocketAddress(ipAddress: options.sourceAddress(index), port: 0)
    } catch {
        record.update { $0.failures["refused", default: 0] += 1 }
        return loop.makeSucceededVoidFuture()
    }
    bootstrap.bind(to: source).connect(host: options.host, port: options.port).whenComplete { result in
        switch result {
        case .failure:
            record.update { $0.failures["refused", default: 0] += 1 }
            finished.succeed(())
        case .success(let channel):
            channel.pipeline.handler(type: NIOSSHHandler.self).whenComplete { found in
                guard case .success(let ssh) = found else {
                    record.update { $0.failures["handshake", default: 0] += 1 }
                    channel.close(promise: nil)
                    return finished.succeed(())
                }
                // A handshake and session still not open when the first page is due: a handshake failure, as
                // crowd.py counts it.
                let late = channel.eventLoop.scheduleTask(deadline: due) {
                    channel.close(promise: nil)
                }
                let opened = channel.eventLoop.makePromise(of: (any Channel).self)
                opened.futureResult.whenSuccess { _ in late.cancel() }
                ssh.createChannel(opened, channelType: .session) { child, _ in
                    child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.addHandler(
                            VisitorHandler(index: index, options: options, record: record, connected: connected, finished: finished))
                    }.flatMap { child.setOption(ChannelOptions.allowRemoteHalfClosure, value: true) }
                }
                opened.futureResult.whenFailure { _ in
                    record.update { $0.failures["handshake", default: 0] += 1 }
                    channel.close(promise: nil)
                    finished.succeed(())
                }
            }
        }
    }
    return finished.futureResult
}

let arrivals = Double(options.visitors) / options.rate
let lagEnd = NIODeadline.now() + .nanoseconds(Int64((arrivals + options.stay + 15) * 1e9))
for loop in group.makeIterator() { sampleLag(on: loop, until: lagEnd) }
var visits: [EventLoopFuture<Void>] = []
for index in 0..<options.visitors {
    let loop = group.next()
    let at = NIODeadline.now() + .milliseconds(200) + .nanoseconds(Int64(Double(index) / options.rate * 1e9))
    visits.append(loop.scheduleTask(deadline: at) { visit(index, on: loop) }.futureResult.flatMap { $0 })
}

try EventLoopFuture.andAllComplete(visits, on: group.next()).wait()
try group.syncShutdownGracefully()

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
let figures = record.figures
let result: [String: Any] = [
    "client": "openmarket-crowd (SwiftNIO SSH, \(options.threads) event loops, keys on \(options.closedLoop ? "a closed" : "an open") loop)",
    "arrivals_end_s": arrivals,
    "first_pages": figures.firstPages.map { [$0.0, $0.1, $0.2, $0.3 as Any? ?? NSNull()] },
    "keys": figures.keys.map { [$0.0, $0.1, $0.2, $0.3 as Any? ?? NSNull()] },
    "lags": figures.lags.map { [$0.0, $0.1] },
    "failures": figures.failures,
    "cut_visitors": Array(figures.cutVisitors),
    "goodbyes": figures.goodbyes,
    "peak": figures.peak,
    "bytes": figures.bytes,
    "cpu_s": cpu,
]
let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
if let path = options.json {
    try json.write(to: URL(fileURLWithPath: path))
} else {
    FileHandle.standardOutput.write(json + Data("\n".utf8))
}

