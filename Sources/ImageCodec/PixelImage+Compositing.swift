/// Painting on a picture: backdrops, soft shadows and drawings with transparency. Here, in the
/// optimised module, because a composed picture runs these loops over every pixel.
extension PixelImage {
    /// Paints every row in one colour (`rows[y]`), the columns darkened towards the sides by up to
    /// `vignette` (0…1) — a studio backdrop.
    public mutating func paintRows(_ rows: [RGB], vignette: Double) {
        precondition(rows.count == height)
        let width = self.width
        // Per column, in 1/1024ths, worked out once.
        let light = (0..<width).map { x -> Int in
            let dx = Double(x - width / 2) / Double(max(1, width / 2))
            return Int((1 - vignette * dx * dx) * 1024)
        }
        light.withUnsafeBufferPointer { light in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let (r, g, b) = (Int(rows[y].r), Int(rows[y].g), Int(rows[y].b))
                    var i = y * width * 3
                    for x in 0..<width {
                        let l = light[x]
                        out[i] = UInt8(truncatingIfNeeded: (r * l) >> 10)
                        out[i + 1] = UInt8(truncatingIfNeeded: (g * l) >> 10)
                        out[i + 2] = UInt8(truncatingIfNeeded: (b * l) >> 10)
                        i += 3
                    }
                }
            }
        }
    }

    /// Darkens an ellipse, most (by `strength`, 0…1) at its centre and fading smoothly to nothing at
    /// its edge — the shadow an object casts on the table.
    public mutating func darkenEllipse(centreX: Int, centreY: Int, radiusX: Double, radiusY: Double, strength: Double) {
        let x0 = max(0, Int(Double(centreX) - radiusX))
        let x1 = min(width - 1, Int(Double(centreX) + radiusX))
        let y0 = max(0, Int(Double(centreY) - radiusY))
        let y1 = min(height - 1, Int(Double(centreY) + radiusY))
        guard x0 <= x1, y0 <= y1, radiusX > 0, radiusY > 0 else { return }
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { out in
            for y in y0...y1 {
                let dy = (Double(y) - Double(centreY)) / radiusY
                for x in x0...x1 {
                    let dx = (Double(x) - Double(centreX)) / radiusX
                    let d = dx * dx + dy * dy
                    guard d < 1 else { continue }
                    let keep = Int((1 - strength * (1 - d) * (1 - d)) * 1024)
                    let i = (y * width + x) * 3
                    out[i] = UInt8((Int(out[i]) * keep) >> 10)
                    out[i + 1] = UInt8((Int(out[i + 1]) * keep) >> 10)
                    out[i + 2] = UInt8((Int(out[i + 2]) * keep) >> 10)
                }
            }
        }
    }

    /// Draws `art` with its top-left corner at (`x`, `y`), blending by its alpha; what falls outside
    /// the picture is left out.
    public mutating func blend(_ art: RGBAImage, x originX: Int, y originY: Int) {
        let x0 = max(0, originX)
        let x1 = min(width, originX + art.width)
        let y0 = max(0, originY)
        let y1 = min(height, originY + art.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = self.width
        art.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in y0..<y1 {
                    let rowIn = (y - originY) * art.width
                    for x in x0..<x1 {
                        let s = (rowIn + x - originX) * 4
                        let alpha = Int(src[s + 3])
                        guard alpha > 0 else { continue }
                        let o = (y * width + x) * 3
                        let keep = 255 - alpha
                        out[o] = UInt8((Int(src[s]) * alpha + Int(out[o]) * keep + 127) / 255)
                        out[o + 1] = UInt8((Int(src[s + 1]) * alpha + Int(out[o + 1]) * keep + 127) / 255)
                        out[o + 2] = UInt8((Int(src[s + 2]) * alpha + Int(out[o + 2]) * keep + 127) / 255)
                    }
                }
            }
        }
    }
}
