import Foundation
import ImageCodec
import ImagePipeline
import MarketApp
import MarketFeatures
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

/// The runtime carrying out each kind of effect, with the injected clock, a fake terminal and a mock
/// transport: what it asks the server, what it cancels, and what ends up on screen.
@Suite("Runtime effects")
struct RuntimeEffectTests {
    /// A browser running on a fake terminal, a mock server and a manual clock.
    final class Harness: Sendable {
        let transport = MockTransport()
        let terminal = FakeTerminal()
        let clock = ManualClock()
        /// The loop's turns: what it has handled and decided.
        let watch = LoopWatch()
        let running: Task<Void, Never>

        /// `replies` queues and stubs what the server answers before the runtime starts: a reply stubbed
        /// after it may come too late (under ThreadSanitizer a picture was asked for first, and failed).
        init(
            _ configure: (inout BrowserConfiguration) -> Void = { _ in }, firstPage: String,
            replies: (MockTransport) -> Void = { _ in }
        ) {
            transport.enqueue("GET", "/api/products", .json(firstPage))
            replies(transport)
            var configuration = BrowserConfiguration(pollInterval: .seconds(3600))
            configuration.watch = watch
            configure(&configuration)
            let runtime = BrowserRuntime(
                client: OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport),
                terminal: terminal, configuration: configuration, clock: clock)
            running = Task { await runtime.run() }
        }

        var screen: String { terminal.lastFrame?.trimmedLines().joined(separator: "\n") ?? "" }

        func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
            for _ in 0..<2000 {
                if condition() { return }
                try await Task.sleep(for: .milliseconds(10))
            }
            Issue.record("timed out waiting for \(what)\n\(screen)")
        }

        func waitFor(_ text: String) async throws {
            try await waitUntil("“\(text)” on screen") { screen.contains(text) }
        }

        /// One more turn of the loop, for a key that does nothing (`x`): when it returns, whatever the loop
        /// would decide at this time on the clock has been decided.
        func turn() async throws {
            let keys = watch.keysHandled
            type(.character("x"))
            try await waitUntil("the loop's turn") { watch.keysHandled > keys }
        }

        /// Sends `keys` and waits for the turns that handled them.
        func typeAndWait(_ keys: KeyEvent...) async throws {
            let before = watch.keysHandled
            for key in keys { terminal.type(.key(key)) }
            try await waitUntil("\(keys.count) keys handled") { watch.keysHandled >= before + keys.count }
        }

        func type(_ keys: KeyEvent...) {
            for key in keys { terminal.type(.key(key)) }
        }

        func type(_ text: String) {
            for c in text { terminal.type(.key(.character(c))) }
        }

        /// Ctrl-C, then: the runtime stops, and it asked the server for nothing the test did not queue or stub.
        func quit(sourceLocation: SourceLocation = #_sourceLocation) async {
            terminal.type(.key(.control("c")))
            await running.value
            #expect(transport.unexpectedRequests.isEmpty, "requests nobody expected", sourceLocation: sourceLocation)
        }
    }

    static func page(_ ids: [Int], hasNext: Bool = false, pictures: Bool = false) -> String {
        let items = ids.map { id in
            """
            {"id":\(id),"vendor_id":1,"vendorName":"demo","name":"Item \(id)","description":"desc",
            "thumbnail":"\(pictures ? "http://m.test/images/\(id).jpg" : "")","currency":"KRW","price":1000,
            "bargain_price":1000,"discounted_price":0,"stock":3,"created_at":"2022-11-15T00:00:00",
            "issued_at":"2022-11-15T00:00:00"}
            """
        }
        return """
            {"pageNo":1,"itemsPerPage":20,"totalCount":\(ids.count),"offset":0,"limit":20,"lastPage":1,
            "hasNext":\(hasNext),"hasPrev":false,"pages":[\(items.joined(separator: ","))]}
            """
    }

    @Test("page load: the selection near the end asks for the next page once; it is appended")
    func nextPage() async throws {
        let app = Harness(firstPage: Self.page(Array((21...40).reversed()), hasNext: true)) {
            $0.enqueue("GET", "/api/products", .json(Self.page(Array((1...20).reversed()))))
        }
        try await app.waitFor("Item 40")
        app.type(.character("G"))
        try await app.waitFor("20 of 40  ·  #21")
        #expect(app.transport.requests.count == 2)
        #expect(app.transport.requests[1].url.query?.contains("page_no=2") == true)
        await app.quit()
    }

    @Test("pictures: each thumbnail on screen is fetched once and painted in half blocks")
    func picturesPainted() async throws {
        let app = Harness(firstPage: Self.page([3, 2, 1], pictures: true)) { transport in
            for id in 1...3 { transport.stub("GET", "/images/\(id).jpg", MockTransport.Reply(body: FixturePictures.jpeg())) }
        }
        // A 4:3 picture in a 6×3-cell box: 6×2 cells, two rows of half blocks a product.
        try await app.waitUntil("pictures painted") {
            guard let frame = app.terminal.lastFrame else { return false }
            return (0..<frame.height).filter { y in (0..<frame.width).contains { frame[$0, y].text == "▀" } }.count >= 6
        }
        let pictureRequests = app.transport.requests.filter { $0.url.path.hasPrefix("/images/") }.map(\.url.path)
        #expect(pictureRequests.sorted() == ["/images/1.jpg", "/images/2.jpg", "/images/3.jpg"])
        await app.quit()
    }

    /// Three products with pictures, drawn in the terminal's own graphics with cells of `cell` pixels.
    static func pictureHarness(_ mode: PictureMode, cell: PixelSize, throughTmux: Bool = false) -> Harness {
        let app = Harness({
            $0.pictures = mode
            $0.cellPixels = cell
            $0.picturesThroughTmux = throughTmux
        }, firstPage: Self.page([3, 2, 1], pictures: true)) { transport in
            for id in 1...3 { transport.stub("GET", "/images/\(id).jpg", MockTransport.Reply(body: FixturePictures.jpeg())) }
        }
        return app
    }

    @Test("sixel: where the terminal draws sixel, thumbnails go to it as sixel over blank cells; p switches to half blocks and back")
    func sixelPictures() async throws {
        let app = Self.pictureHarness(.sixel, cell: PixelSize(width: 8, height: 16))
        try await app.waitUntil("three sixel pictures") { app.terminal.lastGraphics.count == 3 }
        let graphics = app.terminal.lastGraphics
        #expect(graphics.allSatisfy { $0.sequence.starts(with: [0x1B, UInt8(ascii: "P")]) && $0.sequence.suffix(2) == [0x1B, UInt8(ascii: "\\")] })
        #expect(graphics.map(\.cells.x) == [2, 2, 2], "each in its row's thumbnail column, after the caret")
        let frame = try #require(app.terminal.lastFrame)
        for picture in graphics {
            for y in picture.cells.y..<picture.cells.maxY {
                for x in picture.cells.x..<picture.cells.maxX { #expect(frame[x, y].text == " ", "blank under the picture") }
            }
        }
        #expect(app.screen.contains("sixel · 256 colours"))
        app.type(.character("p"))
        try await app.waitUntil("half blocks instead") {
            app.terminal.lastGraphics.isEmpty && (app.terminal.lastFrame.map { f in (0..<f.height).contains { y in (0..<f.width).contains { f[$0, y].text == "▀" } } } ?? false)
        }
        #expect(app.screen.contains("blocks · 256 colours"))
        app.type(.character("p"))
        try await app.waitUntil("no pictures") { app.screen.contains("no pictures · 256 colours") }
        let off = try #require(app.terminal.lastFrame)
        #expect(app.terminal.lastGraphics.isEmpty)
        #expect(!(0..<off.height).contains { y in (0..<off.width).contains { off[$0, y].text == "▀" } }, "no half blocks either")
        app.type(.character("p"))
        try await app.waitUntil("sixel again") { app.terminal.lastGraphics.count == 3 }
        let pictureRequests = app.transport.requests.filter { $0.url.path.hasPrefix("/images/") }
        #expect(pictureRequests.count == 6, "each picture fetched once for sixel, once for half blocks, none without pictures")
        await app.quit()
    }

    @Test("iTerm2: thumbnails go to the terminal as inline images sized to their cells, each picture encoded once")
    func itermPictures() async throws {
        let app = Self.pictureHarness(.iterm, cell: PixelSize(width: 8, height: 16))
        try await app.waitUntil("three iTerm2 pictures") { app.terminal.lastGraphics.count == 3 }
        for picture in app.terminal.lastGraphics {
            let text = String(decoding: picture.sequence, as: UTF8.self)
            #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;"))
            let image = try ITermImageDecoder().decode(picture.sequence).image()
            #expect(image.width <= picture.cells.width * 8 && image.height <= picture.cells.height * 16)
            #expect(image.width == picture.cells.width * 8 || image.height == picture.cells.height * 16, "fills its cells one way")
            #expect(text.contains("width=\(image.width)px;height=\(image.height)px;preserveAspectRatio=1;doNotMoveCursor=1;"), "\(text.prefix(90))")
        }
        #expect(app.screen.contains("iTerm · 256 colours"))
        await app.quit()
    }

    /// How many times the runtime asked for `path`.
    static func asked(_ app: Harness, _ path: String) -> Int {
        app.transport.requests.filter { $0.url.path == path }.count
    }

    /// Waits until the runtime sleeps on its clock for the retry's wake, due at `due` from the clock's start.
    /// (Counting sleepers is not enough: the spinner's and the poll's sleeps come and go beside it, and a
    /// test that advanced the clock before the wake slept would wait a whole delay more.)
    static func waitForWake(_ app: Harness, due: Duration) async throws {
        try await app.waitUntil("the retry's wake on the clock, due at \(due)") { app.clock.deadlines.contains(due) }
    }

    @Test("a picture that failed to load for graphics keeps its placeholder, is not asked for again on every frame, and is asked again once 3 s have passed on the runtime's clock, with no key pressed")
    func graphicsRetry() async throws {
        let app = Harness({
            $0.pictures = .sixel
            $0.cellPixels = PixelSize(width: 8, height: 16)
        }, firstPage: Self.page([3, 2, 1], pictures: true)) { transport in
            transport.enqueue("GET", "/images/2.jpg", .text("busy", status: 503))
            for id in 1...3 { transport.stub("GET", "/images/\(id).jpg", MockTransport.Reply(body: FixturePictures.jpeg())) }
        }
        try await app.waitUntil("two pictures, the third refused") {
            app.terminal.lastGraphics.count == 2 && Self.asked(app, "/images/2.jpg") == 1
        }
        try await Self.waitForWake(app, due: .seconds(3))
        try await app.typeAndWait(.down, .up, .down, .up)
        #expect(app.watch.loadsStarted("/images/2.jpg") == 1, "not asked again by the frames of four keys")
        app.clock.advance(by: .milliseconds(2900))
        try await app.turn()
        #expect(app.clock.deadlines.contains(.seconds(3)), "the wake still waits")
        #expect(app.watch.loadsStarted("/images/2.jpg") == 1, "not before its 3 s, though a frame was drawn at 2.9 s")
        app.clock.advance(by: .milliseconds(100))
        try await app.waitUntil("the third picture, asked again") { app.terminal.lastGraphics.count == 3 }
        #expect(Self.asked(app, "/images/2.jpg") == 2)
        await app.quit()
    }

    @Test("a half-block picture that failed is not asked for again on every frame: after 3 s on the clock, then after 6 more when it fails again, then it is drawn")
    func halfBlockRetry() async throws {
        let app = Harness(firstPage: Self.page([3, 2, 1], pictures: true)) { transport in
            transport.enqueue("GET", "/images/2.jpg", .text("busy", status: 503))
            transport.enqueue("GET", "/images/2.jpg", .text("still busy", status: 503))
            for id in 1...3 { transport.stub("GET", "/images/\(id).jpg", MockTransport.Reply(body: FixturePictures.jpeg())) }
        }
        func blocks() -> Int {
            guard let frame = app.terminal.lastFrame else { return 0 }
            return (0..<frame.height).reduce(0) { sum, y in sum + (0..<frame.width).filter { frame[$0, y].text == "▀" }.count }
        }
        try await app.waitUntil("two pictures drawn, the third refused") { Self.asked(app, "/images/2.jpg") == 1 && blocks() > 0 }
        try await Self.waitForWake(app, due: .seconds(3))
        let twoPictures = blocks()
        try await app.typeAndWait(.down, .up, .down, .up)
        #expect(app.watch.loadsStarted("/images/2.jpg") == 1, "not asked again by the frames of four keys")
        app.clock.advance(by: .seconds(3))
        try await app.waitUntil("asked again after 3 s") { Self.asked(app, "/images/2.jpg") == 2 }
        try await Self.waitForWake(app, due: .seconds(9))
        app.clock.advance(by: .seconds(3))
        try await app.turn()
        #expect(app.clock.deadlines.contains(.seconds(9)), "the wake still waits")
        #expect(app.watch.loadsStarted("/images/2.jpg") == 2, "the second failure waits twice as long, though a frame was drawn at 6 s")
        app.clock.advance(by: .seconds(3))
        try await app.waitUntil("the third picture drawn") { Self.asked(app, "/images/2.jpg") == 3 && blocks() > twoPictures }
        await app.quit()
    }

    @Test("kitty through tmux: pictures go in tmux's passthrough with a virtual placement; the cells hold placeholders naming the image by colour, row and column")
    func kittyThroughTmux() async throws {
        let app = Self.pictureHarness(.kitty, cell: PixelSize(width: 10, height: 20), throughTmux: true)
        try await app.waitUntil("three pictures as placeholders") { app.terminal.lastGraphics.count == 3 }
        let frame = try #require(app.terminal.lastFrame)
        var ids = Set<Int>()
        for graphic in app.terminal.lastGraphics {
            #expect(graphic.inText && graphic.sequence.isEmpty, "nothing drawn over the text")
            let upload = try #require(graphic.upload)
            #expect(upload.bytes.starts(with: Array("\u{1B}Ptmux;\u{1B}\u{1B}_G".utf8)), "in tmux's passthrough")
            let commands = try KittyPayloadDecoder().decode(TmuxPassthrough.unwrap(upload.bytes))
            let transmit = try #require(commands.first { $0.values["a"] == "t" })
            let virtual = try #require(commands.first { $0.values["a"] == "p" })
            let id = try #require(transmit.values["i"].flatMap(Int.init))
            ids.insert(id)
            #expect((16...255).contains(id), "a 256-colour index tmux passes on as it is")
            #expect(virtual.values["U"] == "1" && virtual.values["i"] == "\(id)")
            let image = try #require(transmit.image)
            #expect(image.width <= 10 * Int(virtual.values["c"] ?? "0")! && image.height <= 20 * Int(virtual.values["r"] ?? "0")!)
            // Every cell of the picture: the placeholder with its row and column, coloured with the id.
            for y in graphic.cells.y..<graphic.cells.maxY {
                for x in graphic.cells.x..<graphic.cells.maxX {
                    let cell = frame[x, y]
                    let scalars = Array(cell.text.unicodeScalars)
                    #expect(scalars.first == KittyPlaceholder.character && scalars.count == 3)
                    #expect(cell.style.foreground == .indexed(UInt8(id)))
                    #expect(scalars.count == 3 && KittyPlaceholder.number(of: scalars[1]) == y - graphic.cells.y
                        && KittyPlaceholder.number(of: scalars[2]) == x - graphic.cells.x)
                }
            }
        }
        #expect(ids.count == 3, "one image id per picture")
        await app.quit()
    }

    @Test("kitty: each picture is uploaded under its own id and placed by a short command that can be deleted")
    func kittyPictures() async throws {
        let app = Self.pictureHarness(.kitty, cell: PixelSize(width: 9, height: 20))
        try await app.waitUntil("three kitty pictures") { app.terminal.lastGraphics.count == 3 }
        let graphics = app.terminal.lastGraphics
        #expect(Set(graphics.compactMap { $0.upload?.id }).count == 3, "one image id per picture")
        for graphic in graphics {
            #expect(graphic.sequence.starts(with: Array("\u{1B}_Ga=p,i=\(graphic.upload?.id ?? 0),".utf8)))
            #expect(graphic.sequence.count < 100, "a placement, not the picture: \(graphic.sequence.count) bytes")
            #expect(graphic.erase.starts(with: Array("\u{1B}_Ga=d,d=i,".utf8)))
            #expect(graphic.upload.map { $0.bytes.starts(with: Array("\u{1B}_Ga=t,".utf8)) } == true)
        }
        #expect(app.screen.contains("kitty · 256 colours"))
        await app.quit()
    }

    @Test("pictures: loads for thumbnails scrolled away are cancelled")
    func picturesCancelled() async throws {
        let app = Harness({ $0.itemsPerPage = 40 }, firstPage: Self.page(Array((1...40).reversed()), pictures: true)) { transport in
            for id in 1...40 {
                transport.stub("GET", "/images/\(id).jpg", MockTransport.Reply(body: FixturePictures.jpeg()).untilCancelled())
            }
        }
        try await app.waitUntil("the first picture requested") {
            app.transport.requests.contains { $0.url.path == "/images/40.jpg" }
        }
        app.type(.character("G"))
        try await app.waitUntil("the top picture cancelled") { app.transport.cancelledRequests.contains("GET /images/40.jpg") }
        #expect(!app.transport.cancelledRequests.contains("GET /images/1.jpg"), "the one now on screen keeps loading")
        await app.quit()
    }

    @Test("poll: the interval on the injected clock asks for page 1 again; newer products show in the banner")
    func poll() async throws {
        let app = Harness({ $0.pollInterval = .seconds(10) }, firstPage: Self.page([3, 2, 1]))
        app.transport.enqueue("GET", "/api/products", .json(Self.page([5, 4, 3, 2, 1])))
        try await app.waitFor("Item 3")
        try await app.waitUntil("the poll timer sleeping") { app.clock.deadlines.contains(.seconds(10)) }
        app.clock.advance(by: .seconds(9))
        #expect(app.clock.deadlines.contains(.seconds(10)), "the poll timer still sleeps: nothing before the interval")
        try await app.turn()
        #expect(app.transport.requests.count == 1, "nothing before the interval")
        app.clock.advance(by: .seconds(1))
        try await app.waitFor("2 new products — r to refresh")
        await app.quit()
    }

    @Test("detail: closing a detail that is still loading cancels its request")
    func detailCancelled() async throws {
        let app = Harness(firstPage: Self.page([3, 2, 1]))
        app.transport.enqueue("GET", "/api/products/3", try MockTransport.Reply.fixture(.detail).untilCancelled())
        try await app.waitFor("Item 3")
        app.type(.enter)
        try await app.waitUntil("the detail request") { app.transport.requests.count == 2 }
        app.type(.character("q"))
        try await app.waitUntil("the request cancelled") { app.transport.cancelledRequests == ["GET /api/products/3"] }
        try await app.waitFor("1 of 3")
        await app.quit()
    }

    @Test("register: the form reads the picture file, uploads it with the fields showing progress, and the product goes first")
    func register() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let picture = FixturePictures.jpeg(width: 80, height: 60)
        try Data(picture).write(to: folder.url.appendingPathComponent("cup.jpg"))
        let app = Harness(
            {
                $0.identity = VendorIdentity(identifier: "v", secret: "s")
                $0.writerVendorID = 1
            }, firstPage: Self.page([3, 2, 1])
        ) { transport in
            // The new product's thumbnail, asked for once it is first in the list.
            transport.stub("GET", "/images/2/20221115/aa11_thumb.jpg", MockTransport.Reply(body: FixturePictures.jpeg()))
        }
        app.transport.enqueue("POST", "/api/products", try MockTransport.Reply.fixture(.detail).delayed(by: .seconds(1)))
        try await app.waitFor("Item 3")
        app.type(.character("n"))
        try await app.waitFor("Register a product")
        app.type("Tea Cup")
        app.type(.tab)
        app.type("A lovely cup for two.")
        app.type(.tab)
        app.type("12000")
        for _ in 0..<4 { app.type(.tab) }
        app.type(folder.path + "/cup.jpg")
        app.type(.enter)
        try await app.waitFor("1 cup.jpg")
        app.type(.control("s"))
        try await app.waitFor("[ Uploading 4")  // half the bytes but the last (49%)
        #expect(app.screen.contains("uploading…"))
        try await app.waitFor("Registered “파란 머그컵”.")
        let post = try #require(app.transport.requests.first { $0.method == "POST" })
        let body = post.body ?? []
        #expect(String(decoding: body, as: UTF8.self).contains("Tea Cup"))
        #expect(body.count > picture.count, "the picture went with the fields")
        #expect(app.screen.split(separator: "\n").dropFirst().first?.contains("파란 머그컵") == true, "first in the list")
        await app.quit()
    }

    @Test("delete: yes asks for the token, then deletes with it; the product leaves the list")
    func delete() async throws {
        let app = Harness(
            {
                $0.identity = VendorIdentity(identifier: "v", secret: "s")
                $0.writerVendorID = 1
            }, firstPage: Self.page([3, 2, 1]))
        app.transport.enqueue("POST", "/api/products/3/archived", .text("/api/products/3/token-abc"))
        app.transport.enqueue("DELETE", "/api/products/3/token-abc", try MockTransport.Reply.fixture(.detail))
        try await app.waitFor("Item 3")
        app.type(.character("d"))
        try await app.waitFor("Delete “Item 3”?")
        app.type(.character("y"))
        try await app.waitFor("Deleted “Item 3”.")
        #expect(!app.screen.contains("Item 3\n") && app.screen.contains("Item 2"))
        #expect(app.transport.requests.map(\.method) == ["GET", "POST", "DELETE"])
        await app.quit()
        #expect(app.transport.unusedReplies.isEmpty)
    }
}
