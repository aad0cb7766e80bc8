import Foundation
import Testing

@testable import Settings

@Suite("Remembered choices")
struct RememberedChoicesTests {
    @Test("kept per market, beside the others', in a 0600 file replaced whole; read back as kept")
    func roundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("choices-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("openmarket/choices.json").path
        #expect(RememberedChoices.load(path: path, market: "embedded") == nil)
        let list = RememberedChoices(layout: "list", pictures: "blocks", colors: "16")
        try RememberedChoices.save(list, path: path, market: "embedded")
        try RememberedChoices.save(RememberedChoices(layout: "grid"), path: path, market: "http://m.test")
        #expect(RememberedChoices.load(path: path, market: "embedded") == list)
        #expect(RememberedChoices.load(path: path, market: "http://m.test")?.layout == "grid")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["choices.json"], "no temporary file left behind")
    }

    @Test("a file that is not ours to read is no choices, never a reason not to start; the next save replaces it")
    func damaged() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("choices-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(RememberedChoices.load(path: path, market: "embedded") == nil)
        try RememberedChoices.save(RememberedChoices(layout: "list"), path: path, market: "embedded")
        #expect(RememberedChoices.load(path: path, market: "embedded")?.layout == "list")
        // One damaged market does not cost the others theirs.
        try Data(#"{"embedded": {"layout": "grid"}, "http://m.test": {"layout": 3}, "odd": 7}"#.utf8).write(to: URL(fileURLWithPath: path))
        try RememberedChoices.save(RememberedChoices(colors: "16"), path: path, market: "http://other.test")
        #expect(RememberedChoices.load(path: path, market: "embedded")?.layout == "grid")
        #expect(RememberedChoices.load(path: path, market: "http://other.test")?.colors == "16")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600, "0600 from the start")
    }

    @Test("where: OPENMARKET_CHOICES (empty: nowhere), else the XDG state directory")
    func path() {
        #expect(RememberedChoices.path(environment: ["HOME": "/h"]) == "/h/.local/state/openmarket/choices.json")
        #expect(RememberedChoices.path(environment: ["HOME": "/h", "XDG_STATE_HOME": "/s"]) == "/s/openmarket/choices.json")
        #expect(RememberedChoices.path(environment: ["HOME": "/h", "OPENMARKET_CHOICES": "/v/k.json"]) == "/v/k.json")
        #expect(RememberedChoices.path(environment: ["HOME": "/h", "OPENMARKET_CHOICES": ""]) == nil)
    }
}
