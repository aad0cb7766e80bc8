import ImageCodec

/// A strict sixel decoder for tests: reads one complete DCS sixel sequence back into pixels and reports
/// everything a test may want to hold an encoder to.
///
/// Understood: the introducer `ESC P [params] q`, raster attributes `"pan;pad;width;height`, colour
/// definitions in RGB percent `#n;2;r;g;b`, colour selection `#n`, sixel characters `?`…`~`, repeats
/// `!count`, `$` (back to column 0) and `-` (next band), and the terminator `ESC \`. Anything else is a
/// failure, not skipped: HLS colours (`#n;1;…`), a percentage over 100, selecting a register never
/// defined, raster attributes after pixels, drawing outside the declared raster, any other byte.
/// Pixels never drawn are the background colour.
public struct SixelDecoder: Sendable {
    /// What a sequence held.
    public struct Decoded: Sendable {
        /// The picture: the raster's size when declared, else as far as pixels were drawn.
        public var image: PixelImage
        /// The numbers between `ESC P` and `q`.
        public var introducerParameters: [Int]
        /// Raster attributes: pixel aspect numerator and denominator, width, height.
        public var raster: (pan: Int, pad: Int, width: Int, height: Int)?
        /// Each register's colour as last defined, in 8-bit channels (`round(percent × 255 / 100)`).
        public var registers: [Int: RGB]
        /// How many `#n;2;…` definitions there were (a register defined twice counts twice).
        public var definitions: Int
        /// The registers drawn with.
        public var usedRegisters: Set<Int>
        /// Pixels never drawn (left as background).
        public var unsetPixels: Int
        /// Pixels drawn more than once.
        public var overdrawnPixels: Int
        /// How many `!` repeats there were.
        public var repeats: Int
        /// The longest run of one sixel character written out without `!`.
        public var longestLiteralRun: Int
    }

    /// Why a sequence was refused, and where.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var offset: Int
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// The colour of pixels never drawn.
    public var background: RGB

    public init(background: RGB = RGB(0, 0, 0)) {
        self.background = background
    }

    /// An 8-bit channel from a sixel percentage.
    public static func channel(percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }

    public func decode(_ bytes: [UInt8]) throws(Failure) -> Decoded {
        func fail(_ reason: String, _ offset: Int) -> Failure { Failure(reason: reason, offset: offset) }
        guard bytes.count >= 5, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "P") else {
            throw fail("does not start with ESC P", 0)
        }
        guard bytes[bytes.count - 2] == 0x1B, bytes[bytes.count - 1] == UInt8(ascii: "\\") else {
            throw fail("does not end with ESC \\", bytes.count)
        }
        let end = bytes.count - 2
        var i = 2
        func number() -> Int? {
            var value: Int?
            while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                value = (value ?? 0) * 10 + Int(bytes[i] - 0x30)
                guard value! < 1 << 24 else { return value }
                i += 1
            }
            return value
        }
        func numbers() -> [Int?] {
            var list = [number()]
            while i < end, bytes[i] == UInt8(ascii: ";") {
                i += 1
                list.append(number())
            }
            return list
        }
        var introducer: [Int] = []
        if i < end, bytes[i] != UInt8(ascii: "q") {
            introducer = numbers().map { $0 ?? 0 }
        }
        guard i < end, bytes[i] == UInt8(ascii: "q") else { throw fail("no q after the DCS parameters", i) }
        i += 1

        var raster: (pan: Int, pad: Int, width: Int, height: Int)?
        var registers: [Int: RGB] = [:]
        var definitions = 0
        var used = Set<Int>()
        var current: Int?
        var x = 0
        var band = 0
        var repeats = 0
        var literalRun = 0
        var longestLiteralRun = 0
        var lastCharacter: UInt8 = 0
        // Drawn pixels: colour and how many times each was drawn, grown as needed without a raster.
        var width = 0
        var height = 0
        var colours: [RGB] = []
        var draws: [UInt8] = []
        var drewAnything = false

        func grow(toWidth newWidth: Int, height newHeight: Int) {
            guard newWidth > width || newHeight > height else { return }
            let w = max(width, newWidth)
            let h = max(height, newHeight)
            var c = [RGB](repeating: background, count: w * h)
            var d = [UInt8](repeating: 0, count: w * h)
            for y in 0..<height {
                for x in 0..<width {
                    c[y * w + x] = colours[y * width + x]
                    d[y * w + x] = draws[y * width + x]
                }
            }
            (width, height, colours, draws) = (w, h, c, d)
        }

        func draw(_ character: UInt8, count: Int, at: Int) throws(Failure) {
            guard let current, let colour = registers[current] else { throw fail("pixels before any colour", at) }
            let bits = Int(character) - 63
            drewAnything = true
            used.insert(current)
            guard bits != 0 else {
                x += count
                return
            }
            let top = band * 6
            let lowest = top + (bits >= 32 ? 5 : bits >= 16 ? 4 : bits >= 8 ? 3 : bits >= 4 ? 2 : bits >= 2 ? 1 : 0)
            if let raster, x + count > raster.width || lowest >= raster.height {
                throw fail("drawing outside the \(raster.width)×\(raster.height) raster", at)
            }
            grow(toWidth: x + count, height: lowest + 1)
            for column in x..<(x + count) {
                for bit in 0..<6 where bits & (1 << bit) != 0 {
                    let k = (top + bit) * width + column
                    colours[k] = colour
                    draws[k] = draws[k] == 255 ? 255 : draws[k] + 1
                }
            }
            x += count
        }

        while i < end {
            let byte = bytes[i]
            let at = i
            if byte != lastCharacter || !(0x3F...0x7E).contains(byte) { literalRun = 0 }
            switch byte {
            case UInt8(ascii: "\""):
                guard !drewAnything else { throw fail("raster attributes after pixels", at) }
                i += 1
                let values = numbers()
                guard values.count == 4, let pan = values[0], let pad = values[1], let w = values[2], let h = values[3],
                    w > 0, h > 0
                else { throw fail("raster attributes are not \"pan;pad;width;height", at) }
                raster = (pan, pad, w, h)
                grow(toWidth: w, height: h)
            case UInt8(ascii: "#"):
                i += 1
                let values = numbers()
                guard let register = values[0] else { throw fail("# without a register", at) }
                switch values.count {
                case 1:
                    guard registers[register] != nil else {
                        throw fail("register \(register) selected, never defined", at)
                    }
                    current = register
                case 5:
                    guard let space = values[1], let a = values[2], let b = values[3], let c = values[4] else {
                        throw fail("colour definition with an empty field", at)
                    }
                    guard space == 2 else {
                        throw fail("colour space \(space) (only 2, RGB percent, is understood)", at)
                    }
                    guard a <= 100, b <= 100, c <= 100 else { throw fail("colour percentage over 100", at) }
                    registers[register] = RGB(
                        Self.channel(percent: a), Self.channel(percent: b), Self.channel(percent: c))
                    definitions += 1
                    current = register
                default:
                    throw fail("# with \(values.count) parameters", at)
                }
            case UInt8(ascii: "!"):
                i += 1
                guard let count = number(), count > 0 else { throw fail("! without a count", at) }
                guard i < end, (0x3F...0x7E).contains(bytes[i]) else { throw fail("! not followed by a sixel", at) }
                repeats += 1
                try draw(bytes[i], count: count, at: at)
                i += 1
                literalRun = 0
                lastCharacter = 0
                continue
            case UInt8(ascii: "$"):
                x = 0
                i += 1
            case UInt8(ascii: "-"):
                x = 0
                band += 1
                i += 1
            case 0x3F...0x7E:
                try draw(byte, count: 1, at: at)
                literalRun += 1
                longestLiteralRun = max(longestLiteralRun, literalRun)
                i += 1
            case 0x1B:
                throw fail("ESC inside the sixel data", at)
            default:
                throw fail("byte 0x\(String(byte, radix: 16)) is not sixel data", at)
            }
            lastCharacter = byte
        }

        guard width > 0, height > 0 else { throw fail("no pixels and no raster", end) }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for k in 0..<(width * height) {
            pixels[k * 3] = colours[k].r
            pixels[k * 3 + 1] = colours[k].g
            pixels[k * 3 + 2] = colours[k].b
        }
        return Decoded(
            image: PixelImage(width: width, height: height, pixels: pixels), introducerParameters: introducer,
            raster: raster, registers: registers, definitions: definitions, usedRegisters: used,
            unsetPixels: draws.count(where: { $0 == 0 }), overdrawnPixels: draws.count(where: { $0 > 1 }),
            repeats: repeats, longestLiteralRun: longestLiteralRun)
    }
}
