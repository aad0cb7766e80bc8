import ImageCodec
import Mocks
import Testing

@testable import ImagePipeline

@Suite("Half-block rendering")
struct HalfBlockRendererTests {
    func pair(_ size: (columns: Int, rows: Int)) -> [Int] { [size.columns, size.rows] }

    @Test("each cell is ▀ with the upper pixel as foreground and the lower as background")
    func exactCells() {
        var image = PixelImage(width: 2, height: 4, fill: RGB(0, 0, 0))
        image[0, 0] = RGB(255, 0, 0)
        image[0, 1] = RGB(0, 0, 255)
        image[1, 0] = RGB(255, 255, 255)
        image[1, 1] = RGB(0, 255, 0)
        image[0, 2] = RGB(8, 8, 8)
        let cells = HalfBlockRenderer(palette: .xterm256, fit: .stretch).render(image, columns: 2, rows: 2)
        #expect(cells.columns == 2 && cells.rows == 2)
        #expect(cells.glyphs.allSatisfy { $0 == "▀" })
        #expect(cells.foreground == [196, 231, 232, 16])
        #expect(cells.background == [21, 46, 16, 16])
    }

    @Test("contain keeps the aspect ratio: a cell is one pixel wide and two tall")
    func contain() {
        let renderer = HalfBlockRenderer()
        #expect(pair(renderer.cellSize(width: 400, height: 300, columns: 24, rows: 12)) == [24, 9])
        #expect(pair(renderer.cellSize(width: 300, height: 600, columns: 24, rows: 12)) == [12, 12])
        #expect(pair(renderer.cellSize(width: 4000, height: 10, columns: 24, rows: 12)) == [24, 1])
        #expect(pair(HalfBlockRenderer(fit: .stretch).cellSize(width: 400, height: 300, columns: 24, rows: 12)) == [24, 12])
    }

    @Test("monochrome uses the density ramp and default colours")
    func monochrome() {
        var image = PixelImage(width: 2, height: 2, fill: RGB(0, 0, 0))
        image[1, 0] = RGB(255, 255, 255)
        image[1, 1] = RGB(255, 255, 255)
        let cells = HalfBlockRenderer(palette: .monochrome, fit: .stretch).render(image, columns: 2, rows: 1)
        #expect(cells.glyphs == [" ", "@"])
        #expect(cells.foreground == [CellImage.defaultColor, CellImage.defaultColor])
    }

    @Test("16 and 8 colour renderings stay within their palettes")
    func fewColours() {
        let picture = FixturePictures.pattern(width: 48, height: 48)
        let sixteen = HalfBlockRenderer(palette: .ansi16).render(picture, columns: 12, rows: 6)
        #expect((sixteen.foreground + sixteen.background).allSatisfy { (0..<16).contains($0) })
        let eight = HalfBlockRenderer(palette: .ansi8).render(picture, columns: 12, rows: 6)
        #expect((eight.foreground + eight.background).allSatisfy { (0..<8).contains($0) })
    }

    @Test("256-colour rendering of a smooth picture is close to its area-averaged reference")
    func quality() {
        let picture = FixturePictures.photo(width: 320, height: 240, grain: 0)
        let renderer = HalfBlockRenderer()
        let reference = renderer.reference(picture, columns: 24, rows: 12)
        let cells = renderer.render(picture, columns: 24, rows: 12)
        let psnr = PictureQuality.psnr(HalfBlockRenderer.pixels(of: cells), reference)
        #expect(psnr > 20, "PSNR \(psnr) dB")
        #expect(PictureQuality.psnr(reference, reference) == .infinity)
        let sixteen = HalfBlockRenderer(palette: .ansi16).render(picture, columns: 24, rows: 12)
        #expect(PictureQuality.psnr(HalfBlockRenderer.pixels(of: sixteen), reference) < psnr, "fewer colours, lower quality")
    }

    @Test("true colour keeps every pixel's own colour: the cells read back as the reference exactly")
    func truecolor() {
        var image = PixelImage(width: 2, height: 2, fill: RGB(0, 0, 0))
        image[0, 0] = RGB(1, 2, 3)
        image[0, 1] = RGB(250, 128, 7)
        image[1, 0] = RGB(255, 255, 255)
        let cells = HalfBlockRenderer(palette: .truecolor, fit: .stretch).render(image, columns: 2, rows: 1)
        #expect(cells.foreground == [CellImage.direct(1, 2, 3), CellImage.direct(255, 255, 255)])
        #expect(cells.background == [CellImage.direct(250, 128, 7), CellImage.direct(0, 0, 0)])
        #expect(cells.foreground.allSatisfy { $0 >= 256 }, "above every palette index, black included")

        let picture = FixturePictures.photo(width: 320, height: 240, grain: 0)
        let renderer = HalfBlockRenderer(palette: .truecolor)
        let reference = renderer.reference(picture, columns: 24, rows: 12)
        let shown = HalfBlockRenderer.pixels(of: renderer.render(picture, columns: 24, rows: 12))
        #expect(PictureQuality.psnr(shown, reference) == .infinity)
        let indexed = HalfBlockRenderer.pixels(of: HalfBlockRenderer().render(picture, columns: 24, rows: 12))
        #expect(PictureQuality.psnr(indexed, reference) < 40, "256 colours lose what true colour keeps")
    }

    @Test("thumbnails from JPEG and PNG bytes; bad bytes are typed errors")
    func thumbnails() throws {
        let renderer = ThumbnailRenderer()
        let jpeg = try renderer.render(FixturePictures.jpeg(width: 400, height: 300), columns: 24, rows: 12)
        #expect(jpeg.columns == 24 && jpeg.rows == 9)
        let png = try renderer.render(FixturePictures.png(width: 100, height: 100), columns: 24, rows: 12)
        #expect(png.columns == 24 && png.rows == 12)
        #expect(throws: ImageCodecError.self) { try renderer.render(FixturePictures.corruptJPEG, columns: 8, rows: 4) }
        #expect(throws: ImageCodecError.notAnImage) { try renderer.render(FixturePictures.text, columns: 8, rows: 4) }
        #expect {
            try renderer.render(FixturePictures.pngClaiming(width: 100_000, height: 100_000), columns: 8, rows: 4)
        } throws: { ($0 as? ImageCodecError)?.isTooManyPixels == true }
    }

    @Test("a camera-sized JPEG takes the DC scan, and its thumbnail is as good as libjpeg-turbo's")
    func dcScanThumbnail() throws {
        // 640×480 with grain: large enough (over 16 KiB) for the scan, and 1/8 scale covers 24×9 cells.
        let original = FixturePictures.photo(width: 640, height: 480, grain: 30)
        let bytes = try ImageEncoder().jpeg(original, quality: 90)
        #expect(bytes.count >= ImageDecoder().dcScanMinimumBytes)
        let scanned = ThumbnailRenderer()
        var turbo = ThumbnailRenderer()
        turbo.decoder.dcScan = false
        let reference = HalfBlockRenderer().reference(try ImageDecoder().decode(bytes), columns: 24, rows: 12)
        let viaScan = PictureQuality.psnr(HalfBlockRenderer.pixels(of: try scanned.render(bytes, columns: 24, rows: 12)), reference)
        let viaTurbo = PictureQuality.psnr(HalfBlockRenderer.pixels(of: try turbo.render(bytes, columns: 24, rows: 12)), reference)
        #expect(viaScan > 20 && abs(viaScan - viaTurbo) < 0.5, "scan \(viaScan) dB, libjpeg-turbo \(viaTurbo) dB")
    }
}
