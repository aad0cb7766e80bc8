import Foundation
import Logging
import Testing

@testable import Notices

@Suite("The log's sink: lines in batches, warnings at once")
struct LogSinkTests {
    @Test("a line waits for a flush; a warning is written at once, after the lines that waited; each line is time, level, label, message")
    func batches() throws {
        let pipe = PipeReader()
        let sink = LogSink(descriptor: pipe.writeEnd)
        sink.append(level: "info", label: "openmarket", message: "GET /api/products 200 0.4ms", urgent: false)
        #expect(pipe.take() == "", "nothing written before a flush")
        sink.append(level: "warning", label: "openmarket", message: "the disk is full", urgent: true)
        let lines = pipe.take().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2] == "")
        #expect(lines[0].wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ info openmarket: GET \/api\/products 200 0\.4ms/) != nil, "\(lines[0])")
        #expect(lines[1].hasSuffix(" warning openmarket: the disk is full"))
        sink.flush()
        #expect(pipe.take() == "", "nothing left to flush")
    }

    @Test("32 KiB gathered are written without a flush")
    func threshold() {
        let pipe = PipeReader()
        let sink = LogSink(descriptor: pipe.writeEnd)
        let message = String(repeating: "x", count: 1000)  // with the time, level and label: 1,035 bytes a line
        for _ in 0..<31 { sink.append(level: "info", label: "test", message: message, urgent: false) }
        #expect(pipe.take() == "", "31 lines, 32,085 bytes: still below 32 KiB")
        sink.append(level: "info", label: "test", message: message, urgent: false)
        #expect(pipe.take().split(separator: "\n").count == 32)
    }

    @Test("a logger's line through the handler: metadata as key=value, Hummingbird's request id left out, control characters shown, warnings urgent")
    func handler() {
        let pipe = PipeReader()
        let sink = LogSink(descriptor: pipe.writeEnd)
        var logger = Logger(label: "openmarket.ssh") { SinkLogHandler(label: $0, sink: sink) }
        logger[metadataKey: "hb.request.id"] = "42"
        logger.info("visitor \("ev\u{1B}]0;owned\u{07}il")\ncame in", metadata: ["term": "xterm\r\n"])
        #expect(pipe.take() == "", "info waits for a flush")
        sink.flush()
        let written = pipe.take()
        #expect(written.filter { $0 == "\n" }.count == 1, "one event, one line: \(written)")
        #expect(!written.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x0D }, "nothing that acts on a terminal")
        #expect(written.hasSuffix(" info openmarket.ssh: visitor ev␛]0;owned␇il␊came in term=xterm␍␊\n"), "\(written)")
        #expect(!written.contains("hb.request.id"))
        logger.warning("a budget bit")
        #expect(pipe.take().hasSuffix(" warning openmarket.ssh: a budget bit\n"), "a warning needs no flush")
    }
}
