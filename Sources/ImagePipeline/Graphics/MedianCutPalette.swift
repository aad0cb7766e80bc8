import ImageCodec

/// A palette of at most `maxColors` colours chosen for one picture from its own pixels, by median cut.
///
/// A picture with no more distinct colours than the limit gets exactly those colours, in the order
/// they first appear. Otherwise the pixels are binned into a 32 × 32 × 32 histogram (5 bits a channel)
/// that keeps each bin's pixel count and exact colour sums, and boxes of bins are cut in two until there
/// are `maxColors` of them. The variant is the variance-minimising one (Wan, Wong and Prusinkiewicz):
/// the box cut next is the one with the largest squared error, at the plane — on whichever channel —
/// that leaves the least squared error in its two halves, rather than the most populous box at its
/// median. Each box's colour is the exact mean of its pixels, so the 5-bit bins limit how finely boxes
/// can be cut, never the colours themselves.
public struct MedianCutPalette: Sendable, Equatable {
    /// The palette's colours; at most the limit it was made with, never empty.
    public let colors: [RGB]

    /// A palette of the given colours, as they are.
    public init(colors: [RGB]) {
        precondition(!colors.isEmpty, "a palette needs a colour")
        self.colors = colors
    }

    /// The palette for `image`: its own colours when there are at most `maxColors` of them, else
    /// `maxColors` (or fewer, when the histogram cannot be cut further) median-cut means.
    public init(_ image: PixelImage, maxColors: Int = 256) {
        precondition(maxColors >= 1, "a palette needs a colour")
        if let exact = Self.distinctColors(image, limit: maxColors) {
            colors = exact
        } else {
            colors = Self.medianCut(image, maxColors: maxColors)
        }
    }

    /// The picture's distinct colours in order of first appearance, or `nil` as soon as there are more
    /// than `limit`.
    static func distinctColors(_ image: PixelImage, limit: Int) -> [RGB]? {
        var seen = Set<UInt32>()
        var ordered: [RGB] = []
        let p = image.pixels
        for i in stride(from: 0, to: p.count, by: 3) {
            let key = UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2])
            if seen.insert(key).inserted {
                if ordered.count == limit { return nil }
                ordered.append(RGB(p[i], p[i + 1], p[i + 2]))
            }
        }
        return ordered
    }

    /// Pixel count, colour sums and sums of squares of a set of pixels.
    struct Moments {
        var count = 0
        var sum = (0, 0, 0)
        var squares = 0

        /// Squared distance of every pixel from the set's mean, summed over the three channels.
        var squaredError: Double {
            guard count > 0 else { return 0 }
            let n = Double(count)
            let s0 = Double(sum.0)
            let s1 = Double(sum.1)
            let s2 = Double(sum.2)
            return Double(squares) - (s0 * s0 + s1 * s1 + s2 * s2) / n
        }

        static func - (a: Moments, b: Moments) -> Moments {
            Moments(
                count: a.count - b.count, sum: (a.sum.0 - b.sum.0, a.sum.1 - b.sum.1, a.sum.2 - b.sum.2),
                squares: a.squares - b.squares)
        }

        mutating func add(_ other: Moments) {
            count += other.count
            sum.0 += other.sum.0
            sum.1 += other.sum.1
            sum.2 += other.sum.2
            squares += other.squares
        }
    }

    /// A box of histogram bins: `bins[start..<end]` of the shared bin list, and its pixels' moments.
    struct Box {
        var start: Int
        var end: Int
        var moments: Moments
        /// The best cut found for this box (channel, first slice of the upper half) and what it leaves.
        var cut: (channel: Int, at: Int, lower: Moments)?
        var gain: Double
    }

    static let binBits = 5
    static let binsPerChannel = 1 << binBits

    /// The bin of a colour: 5 bits of red, green and blue.
    @inline(__always)
    static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
    }

    static func medianCut(_ image: PixelImage, maxColors: Int) -> [RGB] {
        let binCount = 1 << (3 * binBits)
        var histogram = [Moments](repeating: Moments(), count: binCount)
        image.pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 3) {
                let r = Int(p[i])
                let g = Int(p[i + 1])
                let b = Int(p[i + 2])
                let k = bin(p[i], p[i + 1], p[i + 2])
                histogram[k].count += 1
                histogram[k].sum.0 += r
                histogram[k].sum.1 += g
                histogram[k].sum.2 += b
                histogram[k].squares += r * r + g * g + b * b
            }
        }
        var bins: [Int] = []
        var total = Moments()
        for k in 0..<binCount where histogram[k].count > 0 {
            bins.append(k)
            total.add(histogram[k])
        }
        var boxes = [planned(Box(start: 0, end: bins.count, moments: total, cut: nil, gain: 0), bins, histogram)]
        while boxes.count < maxColors {
            // The box whose best cut removes the most squared error.
            var best = -1
            for (i, box) in boxes.enumerated() where box.cut != nil && (best < 0 || box.gain > boxes[best].gain) {
                best = i
            }
            guard best >= 0, let cut = boxes[best].cut else { break }
            let box = boxes[best]
            // Partition the box's bins: those below the cut first.
            var split = box.start
            for i in box.start..<box.end where coordinate(bins[i], channel: cut.channel) < cut.at {
                bins.swapAt(i, split)
                split += 1
            }
            let lower = Box(start: box.start, end: split, moments: cut.lower, cut: nil, gain: 0)
            let upper = Box(start: split, end: box.end, moments: box.moments - cut.lower, cut: nil, gain: 0)
            boxes[best] = planned(lower, bins, histogram)
            boxes.append(planned(upper, bins, histogram))
        }
        return boxes.map { box in
            let m = box.moments
            func mean(_ s: Int) -> UInt8 { UInt8((2 * s + m.count) / (2 * m.count)) }
            return RGB(mean(m.sum.0), mean(m.sum.1), mean(m.sum.2))
        }
    }

    /// A bin's coordinate (0–31) along one channel.
    @inline(__always)
    static func coordinate(_ bin: Int, channel: Int) -> Int {
        (bin >> (binBits * (2 - channel))) & (binsPerChannel - 1)
    }

    /// The box with its best cut worked out: over each channel's 31 planes, the one leaving the least
    /// squared error in the two halves. A box of one bin has no cut.
    static func planned(_ box: Box, _ bins: [Int], _ histogram: [Moments]) -> Box {
        var box = box
        guard box.end - box.start > 1 else { return box }
        let whole = box.moments.squaredError
        var bestError = Double.infinity
        for channel in 0..<3 {
            var slices = [Moments](repeating: Moments(), count: binsPerChannel)
            for i in box.start..<box.end {
                slices[coordinate(bins[i], channel: channel)].add(histogram[bins[i]])
            }
            var lower = Moments()
            for at in 1..<binsPerChannel {
                lower.add(slices[at - 1])
                guard lower.count > 0 else { continue }
                let upper = box.moments - lower
                guard upper.count > 0 else { break }
                let error = lower.squaredError + upper.squaredError
                if error < bestError {
                    bestError = error
                    box.cut = (channel, at, lower)
                }
            }
        }
        box.gain = whole - bestError
        return box
    }
}
