import ImageCodec

/// The exact nearest palette entry (least squared RGB distance) for any colour, found fast.
///
/// Colour space is cut into 32 × 32 × 32 cells (5 bits a channel). The first time a colour falls in a
/// cell, the cell gets its candidate list: every entry whose nearest possible distance to the cell is
/// no more than the smallest farthest-possible distance of any entry. The true nearest entry of every
/// colour in the cell is on that list, and the list is usually a handful of entries, so a lookup costs
/// a table read and a few distance sums instead of a search of the whole palette. Ties go to the lower
/// index. A value type with its cache inside: keep one per picture being converted.
public struct NearestColorLookup: Sendable {
    /// The palette looked up.
    public let palette: [RGB]
    /// Where each cell's candidates start in `candidates`; -1 for a cell not built yet.
    private var cellStart: [Int32]
    private var cellCount: [UInt16]
    private var candidates: [UInt16] = []
    /// The palette's channels apart, for the inner loop.
    private let reds: [Int]
    private let greens: [Int]
    private let blues: [Int]

    /// A lookup into `palette` (1 to 4,096 entries, the most sixel colour registers any terminal has).
    public init(palette: [RGB]) {
        precondition(!palette.isEmpty && palette.count <= 4096, "a palette of 1 to 4,096 colours")
        self.palette = palette
        cellStart = [Int32](repeating: -1, count: 1 << 15)
        cellCount = [UInt16](repeating: 0, count: 1 << 15)
        reds = palette.map { Int($0.r) }
        greens = palette.map { Int($0.g) }
        blues = palette.map { Int($0.b) }
    }

    /// The index of the palette entry nearest to `(r, g, b)` (each 0–255).
    @inline(__always)
    public mutating func index(r: Int, g: Int, b: Int) -> Int {
        let cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
        if cellStart[cell] < 0 { build(cell) }
        let start = Int(cellStart[cell])
        let end = start + Int(cellCount[cell])
        var best = Int(candidates[start])
        if end - start == 1 { return best }
        var bestDistance = Int.max
        for k in start..<end {
            let i = Int(candidates[k])
            let dr = reds[i] - r
            let dg = greens[i] - g
            let db = blues[i] - b
            let d = dr * dr + dg * dg + db * db
            // Candidates are in index order, so the first of equals wins.
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return best
    }

    /// The index of the palette entry nearest to `colour`.
    public mutating func index(of colour: RGB) -> Int {
        index(r: Int(colour.r), g: Int(colour.g), b: Int(colour.b))
    }

    /// Makes the candidate list of one cell.
    private mutating func build(_ cell: Int) {
        let low = ((cell >> 10) << 3, ((cell >> 5) & 31) << 3, (cell & 31) << 3)
        let high = (low.0 + 7, low.1 + 7, low.2 + 7)
        func nearest(_ v: Int, _ lo: Int, _ hi: Int) -> Int { v < lo ? lo - v : (v > hi ? v - hi : 0) }
        func farthest(_ v: Int, _ lo: Int, _ hi: Int) -> Int { max(v - lo, hi - v) }
        var bound = Int.max
        for i in palette.indices {
            let fr = farthest(reds[i], low.0, high.0)
            let fg = farthest(greens[i], low.1, high.1)
            let fb = farthest(blues[i], low.2, high.2)
            bound = min(bound, fr * fr + fg * fg + fb * fb)
        }
        let start = candidates.count
        for i in palette.indices {
            let nr = nearest(reds[i], low.0, high.0)
            let ng = nearest(greens[i], low.1, high.1)
            let nb = nearest(blues[i], low.2, high.2)
            if nr * nr + ng * ng + nb * nb <= bound { candidates.append(UInt16(i)) }
        }
        cellStart[cell] = Int32(start)
        cellCount[cell] = UInt16(candidates.count - start)
    }
}
