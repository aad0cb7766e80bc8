import Foundation
import ImagePipeline
import TerminalPictures
import Testing

@testable import TerminalUI

@Suite("Painting picture placements in half blocks")
struct HalfBlockPainterTests {
    static let url = URL(string: "http://m.test/a.jpg")!

    /// A picture of `columns`×`rows` cells, all upper half blocks in one colour.
    static func image(_ columns: Int, _ rows: Int) -> CellImage {
        CellImage(
            columns: columns, rows: rows, palette: .xterm256, glyphs: Array(repeating: "▀", count: columns * rows),
            foreground: Array(repeating: 196, count: columns * rows), background: Array(repeating: 16, count: columns * rows))
    }

    func painter(_ image: CellImage, frame: Rect) -> HalfBlockPainter {
        let key = ImageCacheKey(url: Self.url, columns: frame.width, rows: frame.height, palette: .xterm256)
        return HalfBlockPainter(images: [key: image], palette: .xterm256)
    }

    @Test("a picture is centred in its rectangle, over the placeholder, which it clears")
    func centred() {
        var canvas = Canvas(width: 8, height: 3)
        let frame = Rect(x: 1, y: 0, width: 6, height: 3)
        canvas.put("░", x: 4, y: 1)
        painter(Self.image(2, 1), frame: frame).paint(FrameReport(pictures: [PicturePlacement(url: Self.url, frame: frame)]), into: &canvas)
        #expect(canvas.lines() == ["        ", "   ▀▀   ", "        "])
    }

    @Test("only the visible part of a cut placement is painted")
    func cut() {
        var canvas = Canvas(width: 4, height: 3)
        let frame = Rect(x: 0, y: 1, width: 4, height: 4)
        let report = FrameReport(pictures: [PicturePlacement(url: Self.url, frame: frame, visible: Rect(x: 0, y: 1, width: 4, height: 2))])
        painter(Self.image(4, 4), frame: frame).paint(report, into: &canvas)
        #expect(canvas.lines() == ["    ", "▀▀▀▀", "▀▀▀▀"])
    }

    @Test("no cell under a cover is painted, and a picture not at hand leaves the screen as it was")
    func covers() {
        var canvas = Canvas(width: 4, height: 2)
        canvas.put("help", x: 0, y: 0)
        let frame = Rect(x: 0, y: 0, width: 4, height: 2)
        var report = FrameReport(pictures: [PicturePlacement(url: Self.url, frame: frame)])
        report.cover(Rect(x: 0, y: 0, width: 4, height: 1))
        painter(Self.image(4, 2), frame: frame).paint(report, into: &canvas)
        #expect(canvas.lines() == ["help", "▀▀▀▀"])
        #expect(report.shownPictures.count == 1, "partly covered still shows")

        var untouched = Canvas(width: 4, height: 2)
        untouched.put("wait", x: 0, y: 1)
        HalfBlockPainter(images: [:], palette: .xterm256).paint(report, into: &untouched)
        #expect(untouched.lines() == ["    ", "wait"])
    }

    @Test("a rectangle less another: the strips around it, nothing lost, nothing doubled")
    func subtracting() {
        let outer = Rect(x: 0, y: 0, width: 6, height: 4)
        let strips = outer.subtracting(Rect(x: 2, y: 1, width: 2, height: 2))
        #expect(strips.map { $0.width * $0.height }.reduce(0, +) == 24 - 4)
        #expect(strips.allSatisfy { outer.contains($0) && $0.intersection(Rect(x: 2, y: 1, width: 2, height: 2)).isEmpty })
        #expect(outer.subtracting(outer).isEmpty)
        #expect(outer.subtracting(Rect(x: 10, y: 10, width: 1, height: 1)) == [outer])
    }

    @Test("the renderings wanted: one per placement, in order; upcoming ones too, never painted")
    func keys() {
        let a = PicturePlacement(url: Self.url, frame: Rect(x: 0, y: 0, width: 6, height: 3))
        let upcoming = PicturePlacement.upcoming(url: URL(string: "http://m.test/b.jpg")!, columns: 6, rows: 3)
        let report = FrameReport(pictures: [a, a, upcoming])
        let keys = HalfBlockPainter(images: [:], palette: .ansi16).keys(for: report)
        #expect(keys.map(\.url.lastPathComponent) == ["a.jpg", "a.jpg", "b.jpg"])
        #expect(keys.allSatisfy { $0.columns == 6 && $0.rows == 3 && $0.palette == .ansi16 })
        #expect(!upcoming.isShown && report.shownPictures == [a, a])
    }
}
