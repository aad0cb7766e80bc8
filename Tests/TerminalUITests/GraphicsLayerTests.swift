import Testing

@testable import TerminalUI

@Suite("Graphics layer: which rows to rewrite, which pictures to draw")
struct GraphicsLayerTests {
    func picture(_ name: String, x: Int = 0, y: Int, height: Int = 3) -> GraphicPlacement {
        GraphicPlacement(identity: name, cells: Rect(x: x, y: y, width: 10, height: height), sequence: Array(name.utf8))
    }

    @Test("first frame: every picture drawn, nothing rewritten; the same frame again: nothing at all")
    func steady() {
        var layer = GraphicsLayer()
        let frame = [picture("a", y: 1), picture("b", x: 20, y: 1)]
        #expect(layer.update(to: frame) == .init(repaintRows: [], draws: frame))
        #expect(layer.update(to: frame) == .init(repaintRows: [], draws: []))
        #expect(layer.shown == frame)
    }

    @Test("a picture gone: its rows rewritten, and a picture sharing those rows drawn again; one elsewhere left alone")
    func gone() {
        var layer = GraphicsLayer()
        let a = picture("a", y: 1), b = picture("b", x: 20, y: 2), c = picture("c", y: 10)
        _ = layer.update(to: [a, b, c])
        let update = layer.update(to: [b, c])
        #expect(update.repaintRows == [1, 2, 3])
        #expect(update.draws == [b], "b shares rows 2 and 3 with a; c does not")
    }

    @Test("scrolling by a row: old rows rewritten, every moved picture drawn at its new place")
    func scrolled() {
        var layer = GraphicsLayer()
        _ = layer.update(to: [picture("a", y: 1), picture("b", y: 5)])
        let moved = [picture("a", y: 0), picture("b", y: 4)]
        let update = layer.update(to: moved)
        #expect(update.repaintRows == [1, 2, 3, 5, 6, 7])
        #expect(update.draws == moved)
    }

    @Test("the terminal scrolls a region: pictures inside move with it and are not sent again; one cut by its edge is dropped and its remains' rows rewritten; kitty's are deleted before")
    func terminalScrolls() {
        var layer = GraphicsLayer()
        let above = picture("above", y: 0, height: 2)
        let inside = picture("inside", y: 8)
        let cut = picture("cut", x: 20, y: 3)
        let kitty = GraphicPlacement(identity: "k", cells: Rect(x: 40, y: 8, width: 4, height: 2), sequence: [1], erase: [9])
        _ = layer.update(to: [above, inside, cut, kitty])
        // Rows 2...12 scroll up by 3: row 8 now shows what row 11 showed.
        let (erases, rewrite) = layer.scroll(CanvasShift(top: 2, bottom: 12, lines: 3))
        #expect(erases == [[9]], "kitty's placement deleted before the scroll")
        #expect(rewrite == [2], "cut's rows 3–5 moved to 0–2; row 2 is inside the region, 0–1 scrolled out of it")
        #expect(layer.shown.map(\.identity) == ["above", "inside"])
        #expect(layer.shown[1].cells.y == 5)
        let next = [above, picture("inside", y: 5), kitty]
        let update = layer.update(to: next, repainting: rewrite)
        #expect(update.draws.map(\.identity) == ["k"], "the moved picture is where it should be; only kitty's is placed again")
        #expect(update.repaintRows == [2])
    }

    @Test("the same picture cut differently is another picture; after a reset everything is drawn again")
    func identity() {
        var layer = GraphicsLayer()
        _ = layer.update(to: [picture("a", y: 1, height: 3)])
        #expect(layer.update(to: [picture("a", y: 1, height: 2)]).repaintRows == [1, 2, 3])
        layer.reset()
        #expect(layer.update(to: [picture("a", y: 1, height: 2)]) == .init(repaintRows: [], draws: [picture("a", y: 1, height: 2)]))
    }

    @Test("an overlay over the pictures: the covered ones go (rows rewritten); closed, they come back")
    func overlay() {
        var layer = GraphicsLayer()
        let a = picture("a", y: 1), b = picture("b", y: 10)
        _ = layer.update(to: [a, b])
        #expect(layer.update(to: [b]) == .init(repaintRows: [1, 2, 3], draws: []))
        #expect(layer.update(to: [a, b]) == .init(repaintRows: [], draws: [a]))
    }
}

@Suite("Graphics layer: pictures that stay until removed (kitty)")
struct KittyLayerTests {
    func picture(_ name: String, y: Int) -> GraphicPlacement {
        GraphicPlacement(
            identity: name, cells: Rect(x: 0, y: y, width: 10, height: 3), sequence: Array("place \(name)".utf8),
            erase: Array("delete \(name)".utf8))
    }

    @Test("a picture gone is deleted by its own command; no row is rewritten and its neighbours are not sent again")
    func gone() {
        var layer = GraphicsLayer()
        let a = picture("a", y: 1), b = picture("b", y: 2)
        _ = layer.update(to: [a, b])
        #expect(layer.update(to: [b]) == .init(repaintRows: [], erases: [Array("delete a".utf8)], draws: []))
    }

    @Test("scrolled: each moved picture deleted and placed again (a few bytes each); a reset returns the deletions")
    func scrolled() {
        var layer = GraphicsLayer()
        _ = layer.update(to: [picture("a", y: 1)])
        let update = layer.update(to: [picture("a", y: 0)])
        #expect(update.repaintRows.isEmpty && update.erases == [Array("delete a".utf8)] && update.draws == [picture("a", y: 0)])
        #expect(layer.reset() == [Array("delete a".utf8)])
        #expect(layer.shown.isEmpty)
    }
}
