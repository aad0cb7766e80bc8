import Foundation
import MarketWords

/// What the stores and the routes say of deleted products kept for a restore.
enum DeletedProducts {
    /// How long one is kept.
    static let lifetime = TimeInterval(DeleteSteps.keptSeconds)

    /// The 404 of a restore that finds nothing to bring back.
    static func none(_ id: Int) -> String {
        "no deleted product with id \(id) to bring back (one is kept for \(DeleteSteps.keptSeconds / 60) minutes)"
    }

    /// The JSON a store keeps a deleted product's detail in.
    static func encoded(_ detail: StoredProductDetail) throws -> String {
        String(decoding: try JSONEncoder().encode(detail), as: UTF8.self)
    }

    static func decoded(_ text: String) throws -> StoredProductDetail {
        try JSONDecoder().decode(StoredProductDetail.self, from: Data(text.utf8))
    }
}
