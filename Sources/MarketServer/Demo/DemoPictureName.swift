import Foundation

/// The stored name of a demo picture: the usual `{vendor}/{day}/{32 hex}_origin.ext` shape, with the
/// 32 hex digits saying which catalog (its seed), which product and which of its pictures — so a
/// missing file can be made again from its name alone.
struct DemoPictureName: Sendable, Equatable {
    var seed: UInt64
    var product: Int
    var picture: Int

    /// The stem: seed (16 hex digits), product (8) and picture (8).
    var stem: String {
        Self.hex(seed, 16) + Self.hex(UInt64(product), 8) + Self.hex(UInt64(picture), 8)
    }

    /// The paths of the picture and its thumbnail for a product of `vendorID` made on `date`.
    func saved(vendorID: Int, date: Date, png: Bool) -> SavedPicture {
        let folder = "\(vendorID)/\(Timestamp.day(date))"
        return SavedPicture(
            originPath: "\(folder)/\(stem)_origin.\(png ? "png" : "jpg")", thumbnailPath: "\(folder)/\(stem)_thumb.jpg")
    }

    /// The demo picture a stored path names, if it names one of the catalog with this seed.
    init?(path: String, seed: UInt64) {
        guard PicturePath.format(of: path) != nil, let file = path.split(separator: "/").last,
            let underscore = file.firstIndex(of: "_")
        else { return nil }
        let stem = file[..<underscore]
        guard stem.count == 32, stem.hasPrefix(Self.hex(seed, 16)),
            let product = Int(stem.dropFirst(16).prefix(8), radix: 16),
            let picture = Int(stem.dropFirst(24), radix: 16)
        else { return nil }
        self.init(seed: seed, product: product, picture: picture)
    }

    init(seed: UInt64, product: Int, picture: Int) {
        self.seed = seed
        self.product = product
        self.picture = picture
    }

    private static func hex(_ value: UInt64, _ digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
