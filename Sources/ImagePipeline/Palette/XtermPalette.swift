import ImageCodec

/// The RGB values of xterm's colour indices and nearest-colour lookups for each palette.
public enum XtermPalette {
    /// Levels of the 6×6×6 cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default RGB for indices 0–15.
    static let ansi: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205),
        RGB(0, 205, 205), RGB(229, 229, 229), RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0),
        RGB(255, 255, 0), RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The RGB colour of an xterm index 0–255.
    public static func rgb(_ index: Int) -> RGB {
        switch index {
        case 0..<16:
            return ansi[index]
        case 16..<232:
            let n = index - 16
            return RGB(UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[n / 6 % 6]), UInt8(cubeLevels[n % 6]))
        default:
            let grey = UInt8(8 + 10 * (index - 232))
            return RGB(grey, grey, grey)
        }
    }

    /// The nearest cube level index (0–5) to a channel value: thresholds halfway between levels.
    @inline(__always)
    static func cubeStep(_ v: Int) -> Int {
        if v < 48 { return 0 }
        if v < 115 { return 1 }
        return min(5, (v - 35) / 40)
    }

    /// The index among 16–255 nearest (least squared RGB error) to `(r, g, b)`.
    ///
    /// The cube is separable, so the nearest cube colour is the nearest level per channel; the
    /// nearest grey is the ramp step nearest the mean. The better of the two is the exact answer.
    @inline(__always)
    public static func nearest256(r: Int, g: Int, b: Int) -> UInt8 {
        let ri = cubeStep(r)
        let gi = cubeStep(g)
        let bi = cubeStep(b)
        let cr = cubeLevels[ri] - r
        let cg = cubeLevels[gi] - g
        let cb = cubeLevels[bi] - b
        let cubeError = cr * cr + cg * cg + cb * cb
        // round((mean - 8) / 10) without losing the mean's fraction: floor((sum - 9) / 30).
        let sum = r + g + b
        let step = sum < 9 ? 0 : min(23, (sum - 9) / 30)
        let grey = 8 + 10 * step
        let greyError = (grey - r) * (grey - r) + (grey - g) * (grey - g) + (grey - b) * (grey - b)
        if greyError < cubeError { return UInt8(232 + step) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The index among the first `count` ANSI colours (8 or 16) nearest to `(r, g, b)`.
    public static func nearestANSI(r: Int, g: Int, b: Int, count: Int) -> UInt8 {
        var best = 0
        var bestError = Int.max
        for i in 0..<count {
            let c = ansi[i]
            let dr = Int(c.r) - r
            let dg = Int(c.g) - g
            let db = Int(c.b) - b
            let error = dr * dr + dg * dg + db * db
            if error < bestError {
                bestError = error
                best = i
            }
        }
        return UInt8(best)
    }
}
