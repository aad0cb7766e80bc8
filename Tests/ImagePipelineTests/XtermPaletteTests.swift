import ImageCodec
import Testing

@testable import ImagePipeline

@Suite("xterm palette")
struct XtermPaletteTests {
    @Test("index colours: cube corners and grey ramp ends")
    func table() {
        #expect(XtermPalette.rgb(16) == RGB(0, 0, 0))
        #expect(XtermPalette.rgb(196) == RGB(255, 0, 0))
        #expect(XtermPalette.rgb(231) == RGB(255, 255, 255))
        #expect(XtermPalette.rgb(232) == RGB(8, 8, 8))
        #expect(XtermPalette.rgb(255) == RGB(238, 238, 238))
        #expect(XtermPalette.rgb(9) == RGB(255, 0, 0))
    }

    @Test("the O(1) nearest colour equals a brute-force search over 16–255")
    func nearestIsExact() {
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            return Int(state >> 56)
        }
        for _ in 0..<3000 {
            let (r, g, b) = (next(), next(), next())
            let fast = Int(XtermPalette.nearest256(r: r, g: g, b: b))
            func error(_ i: Int) -> Int {
                let c = XtermPalette.rgb(i)
                return (Int(c.r) - r) * (Int(c.r) - r) + (Int(c.g) - g) * (Int(c.g) - g) + (Int(c.b) - b) * (Int(c.b) - b)
            }
            let best = (16...255).map(error).min()!
            #expect(error(fast) == best, "(\(r),\(g),\(b)) → \(fast)")
            #expect(fast >= 16, "never the unreliable first 16")
        }
    }

    @Test("ANSI nearest picks within the first 8 or 16")
    func ansi() {
        #expect(XtermPalette.nearestANSI(r: 250, g: 10, b: 10, count: 16) == 9)
        #expect(XtermPalette.nearestANSI(r: 250, g: 10, b: 10, count: 8) == 1)
        #expect(XtermPalette.nearestANSI(r: 128, g: 128, b: 128, count: 16) == 8)
    }
}
