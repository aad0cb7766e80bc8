import ImageCodec

/// Composes the demo catalog's "shop photos" from colour-emoji drawings: objects standing on a soft
/// studio background (a wall gradient, a table surface, a shadow under each object), 640 × 480.
///
/// Deterministic: the same shot and drawings give the same pixels.
public struct DemoPhotoComposer: Sendable {
    var width = 640
    var height = 480

    /// A composer of pictures of `width` × `height` pixels.
    public init(width: Int = 640, height: Int = 480) {
        self.width = width
        self.height = height
    }

    /// One object in a shot: which drawing, where its foot stands, how tall it is drawn.
    public struct Placement: Sendable, Equatable {
        /// The emoji whose drawing it is.
        public var scalar: Unicode.Scalar
        var centreX: Int
        var baseline: Int
        var height: Int

        /// A placement of `scalar`, its foot at (`centreX`, `baseline`), `height` pixels tall.
        public init(scalar: Unicode.Scalar, centreX: Int, baseline: Int, height: Int) {
            self.scalar = scalar
            self.centreX = centreX
            self.baseline = baseline
            self.height = height
        }
    }

    /// What a picture shows: the colours of wall and table and the objects on it.
    public struct Shot: Sendable, Equatable {
        var wallTop: RGB
        var wallBottom: RGB
        var tableNear: RGB
        var tableFar: RGB
        /// Where the wall meets the table, from the top.
        public var horizon: Int
        /// The objects, in any order (they are drawn back to front).
        public var placements: [Placement]

        /// A shot with these colours, the horizon `horizon` pixels from the top, and these objects.
        public init(wallTop: RGB, wallBottom: RGB, tableNear: RGB, tableFar: RGB, horizon: Int, placements: [Placement]) {
            self.wallTop = wallTop
            self.wallBottom = wallBottom
            self.tableNear = tableNear
            self.tableFar = tableFar
            self.horizon = horizon
            self.placements = placements
        }
    }

    /// The picture of `shot`; `drawing` gives each object's drawing (trimmed to its visible part).
    public func compose(_ shot: Shot, drawing: (Unicode.Scalar) -> RGBAImage?) -> PixelImage {
        var image = PixelImage(width: width, height: height, fill: RGB(0, 0, 0))
        image.paintRows(backdrop(shot), vignette: 0.06)
        // Each placement's drawing and drawn width, looked up once; back to front.
        let drawn = shot.placements.sorted { $0.baseline < $1.baseline }.compactMap {
            placement -> (placement: Placement, art: RGBAImage, width: Int)? in
            guard let art = drawing(placement.scalar) else { return nil }
            return (placement, art, max(1, art.width * placement.height / max(1, art.height)))
        }
        for (placement, _, drawnWidth) in drawn {
            image.darkenEllipse(
                centreX: placement.centreX, centreY: placement.baseline, radiusX: max(8, Double(drawnWidth) * 0.46),
                radiusY: max(5, Double(drawnWidth) * 0.07), strength: 0.38)
        }
        let scaler = CubicScaler()
        for (placement, art, drawnWidth) in drawn {
            let scaled = scaler.resize(art, width: drawnWidth, height: placement.height)
            // The drawing's foot sinks a little into its shadow, as a real object's would.
            let top = placement.baseline - placement.height + placement.height / 40
            image.blend(scaled, x: placement.centreX - drawnWidth / 2, y: top)
        }
        return image
    }

    /// The colour of each row: the wall's gradient down to the horizon, then the table's, with a soft
    /// edge between them like a studio sweep seen slightly out of focus.
    private func backdrop(_ shot: Shot) -> [RGB] {
        let horizon = max(1, min(height - 1, shot.horizon))
        let soft = 10.0
        return (0..<height).map { y in
            let wall = Self.mix(shot.wallTop, shot.wallBottom, Double(y) / Double(horizon))
            let table = Self.mix(
                shot.tableFar, shot.tableNear, Double(max(0, y - horizon)) / Double(max(1, height - horizon)))
            let t = max(0, min(1, (Double(y - horizon) + soft) / (2 * soft)))
            return Self.mix(wall, table, t * t * (3 - 2 * t))
        }
    }

    static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB {
        let t = max(0, min(1, t))
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
        return RGB(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b))
    }

    /// A colour from hue (0…1), saturation and lightness.
    public static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> RGB {
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let h = (hue - hue.rounded(.down)) * 6
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        let m = lightness - c / 2
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return RGB(byte(r), byte(g), byte(b))
    }
}
