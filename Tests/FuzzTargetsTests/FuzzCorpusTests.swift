import Foundation
import Testing
import TerminalUI

@testable import FuzzTargets

/// Every seed and every past finding (`crash-…`, `timeout-…`, `oom-…` files) of each fuzz target runs
/// clean in the normal build: a finding fixed once stays fixed.
@Suite("Fuzz corpora replayed")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus")

    static func inputs(of target: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: corpus.appendingPathComponent(target), includingPropertiesForKeys: nil
        ).sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("each target has a seed corpus of its own", arguments: FuzzTarget.all.map(\.name))
    func seeds(name: String) throws {
        #expect(try Self.inputs(of: name).count >= 5)
    }

    @Test("each input of each target runs without a crash or a broken invariant", arguments: FuzzTarget.all.map(\.name))
    func replay(name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        for file in try Self.inputs(of: name) {
            let started = ContinuousClock.now
            target.run(Array(try Data(contentsOf: file)))
            #expect(ContinuousClock.now - started < .seconds(60), "\(file.lastPathComponent) took too long")
        }
    }

    @Test("the targets are the parsers the issue names, each once")
    func names() {
        #expect(FuzzTarget.all.map(\.name) == ["multipart", "client", "keys", "text", "picture"])
    }
}

/// Findings of the keys target, as behaviour: real ncurses reading from a pipe, the browser's reader.
@Suite("Keys through ncurses: what the fuzzer found", .serialized)
struct KeyInputFindingsTests {
    func keys(_ events: [TerminalInput]) -> [KeyEvent] {
        events.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    @Test("an invalid UTF-8 byte does not hold back the keys after it until the next keypress")
    func invalidByteThenKeys() {
        let events = KeyInputScreen.shared.feed(ArraySlice([0x80, 0xFF] + Array("jk".utf8) + Array("\u{1B}OB".utf8)))
        #expect(keys(events) == [.character("j"), .character("k"), .down])
    }

    @Test("a paste with a broken UTF-8 sequence inside arrives whole, at once")
    func pasteWithInvalidBytes() {
        let bytes = Array("\u{1B}[200~before ".utf8) + [0xEB, 0xB6, 0x26] + Array(" after\u{1B}[201~".utf8)
        let events = KeyInputScreen.shared.feed(ArraySlice(bytes))
        guard case .paste(let text) = keys(events).first else {
            Issue.record("no paste in \(events)")
            return
        }
        #expect(text.hasPrefix("before ") && text.hasSuffix("& after"), "\(text.debugDescription)")
    }

    @Test("CR LF, CR and LF in a paste are one line break each")
    func pasteLineBreaks() {
        let events = KeyInputScreen.shared.feed(ArraySlice(Array("\u{1B}[200~a\r\nb\rc\nd\u{1B}[201~".utf8)))
        #expect(keys(events) == [.paste("a\nb\nc\nd")])
    }
}
