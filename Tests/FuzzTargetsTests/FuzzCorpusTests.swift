import Foundation
import FuzzTargets
import Testing

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
            #expect(ContinuousClock.now - started < .seconds(5), "\(file.lastPathComponent) took too long")
        }
    }

    @Test("the targets are the parsers the issue names, each once")
    func names() {
        #expect(FuzzTarget.all.map(\.name) == ["multipart", "client", "keys", "text", "picture"])
    }
}
