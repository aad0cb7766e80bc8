import Foundation
import ImageCodec

/// Builds the kitty graphics protocol's commands: transmit (and display), place an image already sent,
/// delete, and the virtual placement behind Unicode placeholders.
///
/// Every command is an APC `ESC _ G <keys> ; <base64> ESC \` with `q=2`, so the terminal sends no
/// replies (which would arrive on stdin as keystrokes); commands that show a picture carry `C=1`, so
/// the cursor stays where the painter put it. Picture data is base64 split into pieces of at most
/// 4096 bytes (each a multiple of 4), `m=1` on every piece but the last, `m=0` on the last; a picture
/// that fits one piece has no `m` key. Continuation pieces carry only `m` and `q`: kitty has taken `q`
/// from the last piece rather than the first (kitty issue 3375), so it is repeated on each.
///
/// Pictures go as PNG (`f=100`) or as zlib-compressed raw RGB (`f=24,o=z`), whichever is smaller for
/// the picture at hand. On photos PNG wins: its per-row prediction filters leave deflate less to do
/// than raw pixel bytes (measured at 480 × 360: 72 KB against 102 KB for a demo-like shop photo,
/// 419 KB against 484 KB for the heavily grained fixture; see `PictureQualityTests`). Compressed raw
/// is about 5× faster to make, and wins on some tiny or flat pictures by PNG's fixed overhead. Raw
/// uncompressed RGB (`f=24`) is only sent when asked for.
public struct KittyGraphicsEncoder: Sendable {
    /// How picture data is sent.
    public enum Format: Sendable, Hashable, CaseIterable {
        /// A PNG file (`f=100`).
        case png
        /// Raw 8-bit RGB (`f=24`, with `s` and `v`).
        case rgb
        /// Raw 8-bit RGB compressed with zlib (`f=24,o=z`).
        case zlibRGB
    }

    /// Picture data in one format, ready to send.
    public struct Payload: Sendable, Equatable {
        public var format: Format
        public var width: Int
        public var height: Int
        /// The bytes before base64: a PNG file, raw RGB, or its zlib stream.
        public var bytes: [UInt8]

        public init(format: Format, width: Int, height: Int, bytes: [UInt8]) {
            self.format = format
            self.width = width
            self.height = height
            self.bytes = bytes
        }
    }

    /// What a delete command removes. Lowercase `d` values keep the image's data in the terminal, so
    /// it can be placed again without sending it; uppercase ones free it.
    public enum Deletion: Sendable, Hashable {
        /// One placement of an image (`d=i` with `i` and `p`).
        case placement(image: UInt32, placement: UInt32)
        /// Every placement of an image, keeping its data (`d=i`).
        case placements(image: UInt32)
        /// An image, its placements and its data (`d=I`).
        case image(UInt32)
        /// Every placement on screen, keeping the data (`d=a`).
        case allPlacements
        /// Every placement on screen and the data of images left without one (`d=A`).
        case everything
    }

    /// A part of the picture in pixels, to show only that (the `x,y,w,h` keys).
    public struct SourceRect: Sendable, Hashable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The largest base64 piece one command carries.
    public static let chunkLimit = 4096

    /// The formats tried for each picture; the smallest result is sent (PNG on a tie).
    public var formats: Set<Format>
    /// The compression used for `.zlibRGB`.
    public var zlib: Zlib

    /// An encoder choosing between `formats` (PNG and compressed raw RGB unless told otherwise).
    public init(formats: Set<Format> = [.png, .zlibRGB], zlib: Zlib = Zlib()) {
        precondition(!formats.isEmpty, "at least one format")
        self.formats = formats
        self.zlib = zlib
    }

    /// The picture in whichever of `formats` gives the fewest bytes.
    public func payload(for image: PixelImage) throws(ImageCodecError) -> Payload {
        var best: Payload?
        for format in Format.allCases where formats.contains(format) {
            let bytes: [UInt8]
            switch format {
            case .png: bytes = try ImageEncoder().png(image)
            case .rgb: bytes = image.pixels
            case .zlibRGB: bytes = try zlib.compress(image.pixels)
            }
            if best == nil || bytes.count < best!.bytes.count {
                best = Payload(format: format, width: image.width, height: image.height, bytes: bytes)
            }
        }
        return best!
    }

    /// Sends `image` and shows it at the cursor over `columns × rows` cells (`a=T`).
    public func transmitAndDisplay(
        _ image: PixelImage, id: UInt32, placement: UInt32? = nil, columns: Int, rows: Int
    ) throws(ImageCodecError) -> [UInt8] {
        Self.transmitAndDisplay(try payload(for: image), id: id, placement: placement, columns: columns, rows: rows)
    }

    /// Sends `image` to be kept under `id` without showing it (`a=t`).
    public func transmit(_ image: PixelImage, id: UInt32) throws(ImageCodecError) -> [UInt8] {
        Self.transmit(try payload(for: image), id: id)
    }

    /// Sends a payload and shows it at the cursor over `columns × rows` cells (`a=T`).
    public static func transmitAndDisplay(
        _ payload: Payload, id: UInt32, placement: UInt32? = nil, columns: Int, rows: Int
    ) -> [UInt8] {
        precondition(columns > 0 && rows > 0, "a picture needs cells")
        var keys = "a=T," + formatKeys(payload) + ",i=\(checked(id))"
        if let placement { keys += ",p=\(checked(placement))" }
        keys += ",q=2,c=\(columns),r=\(rows),C=1"
        return commands(keys: keys, payload: payload.bytes)
    }

    /// Sends a payload to be kept under `id` without showing it (`a=t`).
    public static func transmit(_ payload: Payload, id: UInt32) -> [UInt8] {
        commands(keys: "a=t," + formatKeys(payload) + ",i=\(checked(id)),q=2", payload: payload.bytes)
    }

    /// Shows an image already sent at the cursor over `columns × rows` cells (`a=p`). Each placement id
    /// is one placement: placing again with the same one moves it, with another adds a second.
    /// `source` shows only that part of the picture; `zIndex` stacks it (negative: under the text).
    /// Without `columns` and `rows` the picture keeps its own size in pixels (nothing stretched).
    public static func place(
        id: UInt32, placement: UInt32, columns: Int?, rows: Int?, source: SourceRect? = nil, zIndex: Int32? = nil
    ) -> [UInt8] {
        precondition((columns ?? 1) > 0 && (rows ?? 1) > 0, "a picture needs cells")
        var keys = "a=p,i=\(checked(id)),p=\(checked(placement)),q=2"
        if let columns { keys += ",c=\(columns)" }
        if let rows { keys += ",r=\(rows)" }
        if let source { keys += ",x=\(source.x),y=\(source.y),w=\(source.width),h=\(source.height)" }
        if let zIndex { keys += ",z=\(zIndex)" }
        keys += ",C=1"
        return command(keys: keys, chunk: nil)
    }

    /// Removes placements or images (`a=d`).
    public static func delete(_ deletion: Deletion) -> [UInt8] {
        let keys =
            switch deletion {
            case .placement(let image, let placement): "a=d,d=i,i=\(checked(image)),p=\(checked(placement)),q=2"
            case .placements(let image): "a=d,d=i,i=\(checked(image)),q=2"
            case .image(let image): "a=d,d=I,i=\(checked(image)),q=2"
            case .allPlacements: "a=d,d=a,q=2"
            case .everything: "a=d,d=A,q=2"
            }
        return command(keys: keys, chunk: nil)
    }

    /// A virtual placement of an image already sent (`a=p,U=1`): nothing is drawn until cells hold
    /// `KittyPlaceholder` characters for it, which then scroll and clip as text — the form that works
    /// through tmux (each command wrapped in tmux's passthrough by the caller).
    public static func virtualPlacement(id: UInt32, placement: UInt32? = nil, columns: Int, rows: Int) -> [UInt8] {
        precondition(columns > 0 && rows > 0, "a picture needs cells")
        var keys = "a=p,U=1,i=\(checked(id))"
        if let placement { keys += ",p=\(checked(placement))" }
        keys += ",q=2,c=\(columns),r=\(rows)"
        return command(keys: keys, chunk: nil)
    }

    /// The keys that say what the payload's bytes are.
    static func formatKeys(_ payload: Payload) -> String {
        switch payload.format {
        case .png: "f=100"
        case .rgb: "f=24,s=\(payload.width),v=\(payload.height)"
        case .zlibRGB: "f=24,s=\(payload.width),v=\(payload.height),o=z"
        }
    }

    /// Ids are 1…4294967295; 0 means "none" to the terminal.
    static func checked(_ id: UInt32) -> UInt32 {
        precondition(id != 0, "kitty image and placement ids start at 1")
        return id
    }

    /// The commands carrying `payload` as base64 pieces of at most `chunkLimit` bytes; `keys` go on the first.
    static func commands(keys: String, payload: [UInt8]) -> [UInt8] {
        let encoded = [UInt8](Data(payload).base64EncodedData())
        guard encoded.count > chunkLimit else { return command(keys: keys, chunk: encoded[...]) }
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count + (encoded.count / chunkLimit + 1) * 20 + keys.utf8.count)
        var start = 0
        while start < encoded.count {
            let end = min(start + chunkLimit, encoded.count)
            let more = end < encoded.count ? 1 : 0
            let pieceKeys = start == 0 ? keys + ",m=1" : "m=\(more),q=2"
            out += command(keys: pieceKeys, chunk: encoded[start..<end])
            start = end
        }
        return out
    }

    /// `ESC _ G keys [; chunk] ESC \`.
    static func command(keys: String, chunk: ArraySlice<UInt8>?) -> [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        out += Array(keys.utf8)
        if let chunk {
            out.append(UInt8(ascii: ";"))
            out += chunk
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}
