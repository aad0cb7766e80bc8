import ImageCodec

/// Turns an RGB picture into one complete sixel sequence (DEC's DCS graphics), ready to write at the
/// cursor.
///
/// The caller scales the picture to the pixel size it wants on screen first. The sequence is
/// `ESC P q`, raster attributes `"1;1;W;H` (square pixels, the picture's size), one colour register
/// definition `#n;2;r;g;b` (percent) per palette colour the picture uses, then six-row bands: in each
/// band only the colours present there, one pass per colour (`#n`, the band's columns as sixel
/// characters with runs of four or more as `!count`, trailing blank columns left out), passes joined by
/// `$` and bands by `-`; and `ESC \` to end. Nothing between the introducer and the terminator is
/// outside `"#!$-;`, digits and the sixel characters `?`…`~`.
///
/// The palette comes from the picture itself (`MedianCutPalette`). Dithering is off by default: on the
/// fixture photos and a demo-like shop photo at 240 × 180 and 480 × 360, plain nearest-colour mapping
/// to the median-cut palette measured a higher PSNR than Floyd–Steinberg (see `PictureQualityTests`).
public struct SixelEncoder: Sendable {
    /// How pixels are mapped to the palette.
    public enum Dithering: Sendable, Hashable {
        /// Each pixel to its nearest palette colour.
        case none
        /// Floyd–Steinberg error diffusion, serpentine (alternate rows right to left).
        case floydSteinberg
    }

    /// The most colour registers used: 256 unless told otherwise, for example by what a terminal's
    /// XTSMGRAPHICS reply reports (1…4096).
    public var maxColors: Int
    /// How pixels are mapped to the palette; `.none` unless told otherwise.
    public var dithering: Dithering

    public init(maxColors: Int = 256, dithering: Dithering = .none) {
        precondition((1...4096).contains(maxColors), "sixel colour registers: 1…4096")
        self.maxColors = maxColors
        self.dithering = dithering
    }

    /// The sixel sequence for `image`, with a palette made from its own pixels.
    public func encode(_ image: PixelImage) -> [UInt8] {
        encode(image, palette: MedianCutPalette(image, maxColors: maxColors))
    }

    /// The sixel sequence for `image` with the given palette (at most `maxColors` of it is used).
    public func encode(_ image: PixelImage, palette: MedianCutPalette) -> [UInt8] {
        let colors = Array(palette.colors.prefix(maxColors))
        let indices = quantize(image, colors: colors)
        return Self.sequence(width: image.width, height: image.height, colors: colors, indices: indices)
    }

    /// The palette index of every pixel, rows top to bottom.
    func quantize(_ image: PixelImage, colors: [RGB]) -> [UInt16] {
        var lookup = NearestColorLookup(palette: colors)
        var indices = [UInt16](repeating: 0, count: image.width * image.height)
        switch dithering {
        case .none:
            image.pixels.withUnsafeBufferPointer { p in
                for n in 0..<indices.count {
                    let i = n * 3
                    indices[n] = UInt16(lookup.index(r: Int(p[i]), g: Int(p[i + 1]), b: Int(p[i + 2])))
                }
            }
        case .floydSteinberg:
            Self.diffuse(image, into: &indices, lookup: &lookup)
        }
        return indices
    }

    /// Floyd–Steinberg: each pixel's error (in sixteenths) goes 7 ahead, 3 behind below, 5 below, 1 ahead
    /// below; rows alternate direction so the error does not drift one way.
    static func diffuse(_ image: PixelImage, into indices: inout [UInt16], lookup: inout NearestColorLookup) {
        let width = image.width
        // Errors ×16 for this row and the next, with a guard column each side.
        var current = [Int](repeating: 0, count: (width + 2) * 3)
        var next = current
        let colors = lookup.palette
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<image.height {
                let leftToRight = y % 2 == 0
                let step = leftToRight ? 1 : -1
                var x = leftToRight ? 0 : width - 1
                for _ in 0..<width {
                    let i = (y * width + x) * 3
                    let e = (x + 1) * 3
                    let r = max(0, min(255, Int(p[i]) + (current[e] + 8) >> 4))
                    let g = max(0, min(255, Int(p[i + 1]) + (current[e + 1] + 8) >> 4))
                    let b = max(0, min(255, Int(p[i + 2]) + (current[e + 2] + 8) >> 4))
                    let k = lookup.index(r: r, g: g, b: b)
                    indices[y * width + x] = UInt16(k)
                    let chosen = colors[k]
                    let ahead = e + 3 * step
                    let behind = e - 3 * step
                    func spread(_ c: Int, _ error: Int) {
                        current[ahead + c] += error * 7
                        next[behind + c] += error * 3
                        next[e + c] += error * 5
                        next[ahead + c] += error
                    }
                    spread(0, r - Int(chosen.r))
                    spread(1, g - Int(chosen.g))
                    spread(2, b - Int(chosen.b))
                    x += step
                }
                swap(&current, &next)
                for k in next.indices { next[k] = 0 }
            }
        }
    }

    /// `(c × 100 + 127) / 255`: an 8-bit channel as the nearest whole percent, as sixel colours are given.
    public static func percent(_ channel: UInt8) -> Int {
        (Int(channel) * 100 + 127) / 255
    }

    /// The DCS introducer, the raster attributes (square pixels, the size) and the palette's colours the
    /// pixels use, in percent.
    static func appendHeader(to out: inout [UInt8], width: Int, height: Int, colors: [RGB], indices: [UInt16]) {
        out += [0x1B, UInt8(ascii: "P"), UInt8(ascii: "q")]
        out.append(UInt8(ascii: "\""))
        out.appendDecimal(1)
        out.append(UInt8(ascii: ";"))
        out.appendDecimal(1)
        out.append(UInt8(ascii: ";"))
        out.appendDecimal(width)
        out.append(UInt8(ascii: ";"))
        out.appendDecimal(height)

        var used = [Bool](repeating: false, count: colors.count)
        for k in indices { used[Int(k)] = true }
        for (n, color) in colors.enumerated() where used[n] {
            out.append(UInt8(ascii: "#"))
            out.appendDecimal(n)
            out += Array(";2;".utf8)
            out.appendDecimal(percent(color.r))
            out.append(UInt8(ascii: ";"))
            out.appendDecimal(percent(color.g))
            out.append(UInt8(ascii: ";"))
            out.appendDecimal(percent(color.b))
        }
    }

    /// The whole DCS sequence for indexed pixels.
    static func sequence(width: Int, height: Int, colors: [RGB], indices: [UInt16]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + colors.count * 20 + width * height / 2)
        appendHeader(to: &out, width: width, height: height, colors: colors, indices: indices)

        // Per band: each colour present gets a slot, its six-bit column masks and its last column.
        var slotOfColor = [Int](repeating: -1, count: colors.count)
        var slotColors: [Int] = []
        var slotLast: [Int] = []
        var masks: [UInt8] = []
        indices.withUnsafeBufferPointer { indices in
            for top in stride(from: 0, to: height, by: 6) {
                let rows = min(6, height - top)
                for x in 0..<width {
                    for row in 0..<rows {
                        let color = Int(indices[(top + row) * width + x])
                        var slot = slotOfColor[color]
                        if slot < 0 {
                            slot = slotColors.count
                            slotOfColor[color] = slot
                            slotColors.append(color)
                            slotLast.append(x)
                            if masks.count < slotColors.count * width {
                                masks += [UInt8](repeating: 0, count: width)
                            }
                        }
                        masks[slot * width + x] |= 1 << row
                        slotLast[slot] = x
                    }
                }
                if top > 0 { out.append(UInt8(ascii: "-")) }
                for (slot, color) in slotColors.enumerated() {
                    if slot > 0 { out.append(UInt8(ascii: "$")) }
                    out.append(UInt8(ascii: "#"))
                    out.appendDecimal(color)
                    let base = slot * width
                    var x = 0
                    while x <= slotLast[slot] {
                        let mask = masks[base + x]
                        var run = 1
                        while x + run <= slotLast[slot] && masks[base + x + run] == mask { run += 1 }
                        out.appendSixel(63 + mask, count: run)
                        x += run
                    }
                    for k in base..<(base + slotLast[slot] + 1) { masks[k] = 0 }
                    slotOfColor[color] = -1
                }
                slotColors.removeAll(keepingCapacity: true)
                slotLast.removeAll(keepingCapacity: true)
            }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}
