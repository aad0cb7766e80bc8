import Foundation
import Mocks
import Testing

/// Korean and full-width input on the real binary under tmux, as a terminal's input method sends it: decomposed
/// jamo (ᄉ ᅥ ᄋ ᅮ ᆯ, one key each) and full-width letters (ＴＥＡ) typed into the search line and the register
/// form. The terminal's own cursor must stand where the next character goes (an input method draws the syllable
/// being composed there), the search must find what the words mean, and the market must keep them composed.
@Suite("Korean and full-width input, end to end under tmux", .serialized)
struct KoreanInputEndToEndTests {
    /// 서울 as a terminal may send it: five jamo, not two syllables.
    static let seoulJamo = "\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}"
    static let seoul = "\u{C11C}\u{C6B8}"

    /// Columns `text` takes on screen: two for a Hangul syllable or a full-width letter, one for anything else here.
    static func columns(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { sum, s in
            let wide = (0xAC00...0xD7A3).contains(s.value) || (0xFF01...0xFF60).contains(s.value) || (0x1100...0x115F).contains(s.value)
            return sum + (wide ? 2 : 1)
        }
    }

    /// The row of `screen` holding `text`, and the column where `text` starts on it.
    static func place(of text: String, in screen: String) -> (x: Int, y: Int)? {
        for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (columns(line[..<range.lowerBound]), y) }
        }
        return nil
    }

    @Test("jamo and full-width letters: searched as what they mean, saved composed; the cursor follows the typing")
    func typed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pictures = try TemporaryDirectory(prefix: "openmarket-pictures")
        defer { pictures.remove() }
        try Data(FixturePictures.jpeg(width: 320, height: 240)).write(to: pictures.url.appendingPathComponent("찻잔.jpg"))
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --data-dir \(directory.path) --layout list", columns: 100, rows: 30)
        let first = try await tmux.waitFor(text: "20+ products")
        #expect(try tmux.cursor().shown == false, "no cursor while no field has the keys")
        let port = try #require(first.split(separator: "\n").first?.firstMatch(of: /127\.0\.0\.1:(\d+)/)?.1)
        let http = LiveHTTP(base: "http://127.0.0.1:\(port)")

        // The search line: the cursor after the prompt, then after each syllable.
        try tmux.send("/")
        let opened = try await tmux.waitFor(text: "Search:")
        let prompt = try #require(Self.place(of: "Search:", in: opened))
        let start = prompt.x + Self.columns("Search: ")
        var cursor = try tmux.cursor()
        #expect(cursor.shown && cursor.y == prompt.y && cursor.x == start, "\(cursor) \(prompt)")
        #expect(!opened.contains("▏"), "the terminal's cursor, not one drawn")

        try tmux.send(Self.seoulJamo, literal: true)
        let found = try await tmux.waitFor("서울 searched") { $0.contains("search: " + Self.seoul) && $0.contains("서울 등산화") }
        #expect(found.contains("Search: " + Self.seoul), "the line shows the syllables: \(found)")
        cursor = try tmux.cursor()
        #expect(cursor.shown && cursor.y == prompt.y && cursor.x == start + 4, "after two syllables: \(cursor)")

        // Full-width letters: shown as typed, searched as the letters they are.
        try tmux.send("C-u")
        try tmux.send("ＴＥＡＰＯＴ", literal: true)
        try await tmux.waitFor("ＴＥＡＰＯＴ searched") { $0.contains("search: ＴＥＡＰＯＴ") && $0.contains("Vintage Teapot") }
        cursor = try tmux.cursor()
        #expect(cursor.x == start + 12, "six full-width letters are twelve columns: \(cursor)")
        try tmux.send("Enter")
        let teapot = try await tmux.waitFor("the line closed, the ranking said") { $0.contains("best match first") }
        #expect(teapot.split(separator: "\n")[1].contains("Vintage Teapot"), "first: \(teapot)")
        #expect(try tmux.cursor().shown == false, "no field has the keys")
        try tmux.send("Escape")
        try await tmux.waitFor("the search given up") { !$0.contains("Search:") && $0.contains("20+ products") }
        #expect(try tmux.cursor().shown == false)

        // The register form: the name typed as jamo and full-width letters; the cursor in the field, after them.
        try tmux.send("n")
        try await tmux.waitFor(text: "Register a product")
        try tmux.send(Self.seoulJamo + " 찻잔 ＴＥＡ", literal: true)
        let name = Self.seoul + " 찻잔 ＴＥＡ"
        let form = try await tmux.waitFor(text: name)
        let field = try #require(Self.place(of: name, in: form))
        cursor = try tmux.cursor()
        #expect(cursor.shown && cursor.y == field.y && cursor.x == field.x + Self.columns(name), "\(cursor) \(field)")
        try tmux.send("Left")
        try await tmux.waitFor("the cursor moved") { _ in (try? tmux.cursor().x) == field.x + Self.columns(name) - 2 }
        try tmux.send("End")
        try tmux.send("Tab")
        try tmux.send("\u{1100}\u{1175}\u{11AB} 설명입니다. Ｆｕｌｌ ｗｉｄｔｈ.", literal: true)  // 긴 as jamo
        try tmux.send("Tab")
        try tmux.send("12000", literal: true)
        for _ in 0..<4 { try tmux.send("Tab") }  // discount, stock, currency → pictures
        try tmux.send(pictures.path + "/찻잔.jpg", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor(text: "1/5")
        try tmux.send("C-s")
        try await tmux.waitFor(text: "Registered “\(name)”.")

        let newest = try await http.send("GET", "/api/products?items_per_page=1").json()
        let created = try #require((newest["pages"] as? [[String: Any]])?.first)
        let stored = try #require(created["name"] as? String)
        #expect(Array(stored.unicodeScalars) == Array(name.unicodeScalars), "kept composed (NFC), full-width as typed: \(Array(stored.unicodeScalars))")
        let id = try #require(created["id"] as? Int)
        let detail = try await http.send("GET", "/api/products/\(id)").json()
        let description = try #require(detail["description"] as? String)
        #expect(Array(description.unicodeScalars) == Array("긴 설명입니다. Ｆｕｌｌ ｗｉｄｔｈ.".unicodeScalars))

        // What was saved is found by what it means: initials, plain letters.
        try tmux.send("/")
        try tmux.send("ㅅㅇ tea", literal: true)
        try tmux.send("Enter")
        let again = try await tmux.waitFor("the new product found by initials and plain letters") {
            $0.contains("search: ㅅㅇ tea") && $0.contains("best match first")
        }
        #expect(again.split(separator: "\n")[1].contains(name), "first: \(again)")
        try tmux.send("Escape")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("a client that sends decomposed jamo over HTTP: the market keeps the syllables, and finds them either way")
    func overHTTP() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let market = try await ServedMarket.start(directory)
        defer { _ = market.process.stop() }
        let reply = try await market.register(name: Self.seoulJamo + " 머그")
        #expect(reply.status == 201, "\(reply.text)")
        let id = try #require(try reply.json()["id"] as? Int)
        let stored = try await market.http.send("GET", "/api/products/\(id)").json()
        #expect((stored["name"] as? String).map { Array($0.unicodeScalars) } == Array((Self.seoul + " 머그").unicodeScalars))
        for query in [Self.seoul, Self.seoulJamo, "ㅅㅇ"] {
            let encoded = try #require(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let page = try await market.http.send("GET", "/api/products?search_value=\(encoded)&items_per_page=3").json()
            let names = (page["pages"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names.first == Self.seoul + " 머그", "\(query.unicodeScalars.map { String($0.value, radix: 16) }): \(names)")
        }
    }
}
