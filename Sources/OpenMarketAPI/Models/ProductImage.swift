public import Foundation

/// One picture of a product: the original and its thumbnail, both absolute URLs.
public struct ProductImage: Sendable, Equatable, Decodable, Identifiable {
    public var id: Int
    /// The full-size picture, for the detail view.
    public var url: URL
    /// The small picture, for lists and grids (JSON key `thumbnail_url`).
    public var thumbnailURL: URL
    public var issuedAt: Date?

    /// A picture with every field given.
    public init(id: Int, url: URL, thumbnailURL: URL, issuedAt: Date? = nil) {
        self.id = id
        self.url = url
        self.thumbnailURL = thumbnailURL
        self.issuedAt = issuedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case url
        case thumbnailURL = "thumbnail_url"
        case issuedAt = "issued_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        url = try container.decodeAbsoluteURL(forKey: .url)
        thumbnailURL = try container.decodeAbsoluteURL(forKey: .thumbnailURL)
        issuedAt = try container.decodeTimestampIfPresent(forKey: .issuedAt)
    }
}
