import Testing

@testable import TerminalUI

@Suite("Graphic fit: a picture in pixels in a rectangle of cells")
struct GraphicFitTests {
    let cell = PixelSize(width: 6, height: 13)

    @Test("scaled to fit with the aspect kept, up or down")
    func fitted() {
        let frame = Rect(x: 0, y: 0, width: 20, height: 10)  // 120 × 130 px
        #expect(GraphicFit.fitted(PixelSize(width: 640, height: 480), into: frame, cell: cell) == PixelSize(width: 120, height: 90))
        #expect(GraphicFit.fitted(PixelSize(width: 30, height: 60), into: frame, cell: cell) == PixelSize(width: 65, height: 130))
        #expect(GraphicFit.fitted(PixelSize(width: 0, height: 5), into: frame, cell: cell) == PixelSize(width: 1, height: 1))
    }

    @Test("centred on whole cells; the visible part in cells and pixels")
    func placed() throws {
        let frame = Rect(x: 4, y: 2, width: 20, height: 10)
        let fit = GraphicFit(size: PixelSize(width: 120, height: 90), in: frame, cell: cell)
        #expect(fit.cells == Rect(x: 4, y: 3, width: 20, height: 7), "90 px are 7 rows of 13 (the last one short)")
        let whole = try #require(fit.cropped(to: frame))
        #expect(whole.cells == fit.cells && whole.pixels == Rect(x: 0, y: 0, width: 120, height: 90))
        // The screen's edge cuts the picture after its first 3 rows.
        let top = try #require(fit.cropped(to: Rect(x: 0, y: 0, width: 80, height: 6)))
        #expect(top.cells == Rect(x: 4, y: 3, width: 20, height: 3) && top.pixels == Rect(x: 0, y: 0, width: 120, height: 39))
        // Only its last row shows: the 12 pixels left of it.
        let bottom = try #require(fit.cropped(to: Rect(x: 0, y: 9, width: 80, height: 10)))
        #expect(bottom.pixels == Rect(x: 0, y: 78, width: 120, height: 12))
        #expect(fit.cropped(to: Rect(x: 0, y: 20, width: 80, height: 3)) == nil)
    }
}
