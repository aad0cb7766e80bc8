import Foundation
public import Localization
public import MarketFeatures
public import OpenMarketAPI

/// A visitor's wish list kept by the market (`PUT /api/wishlists/{owner}`, docs/API.md), so that every SSH
/// front behind a balancer finds it: the owner is the name the front derived from its host key and the key
/// the visitor offered. A save that fails is logged and tried again with the next change; a load that fails
/// starts an empty list for the session (and says so in the log), without writing over the kept one until
/// the visitor changes it.
public actor MarketWishListStore: WishListStore {
    public nonisolated let place = Phrase.WishPlace.visitorKey
    private let client: OpenMarketClient
    private let owner: String
    private let log: @Sendable (String) -> Void
    private var savedGeneration = Int.min

    public init(client: OpenMarketClient, owner: String, log: @escaping @Sendable (String) -> Void) {
        self.client = client
        self.owner = owner
        self.log = log
    }

    public func load() async -> [WishedProduct] {
        savedGeneration = Int.min
        let bytes: [UInt8]
        do throws(OpenMarketError) {
            bytes = try await client.wishList(owner: owner)
        } catch {
            log("the market's wish list for this visitor could not be read (\(error.userMessage(in: .english))); starting empty")
            return []
        }
        do {
            return try JSONDecoder().decode(WishListDocument.self, from: Data(bytes)).products
        } catch {
            log("the market's wish list for this visitor is not a wish list (\(error)); starting empty")
            return []
        }
    }

    public func save(_ products: [WishedProduct], generation: Int) async {
        guard generation > savedGeneration else { return }
        savedGeneration = generation
        do {
            let data = try JSONEncoder().encode(WishListDocument(version: 1, products: products))
            try await client.keepWishList(String(decoding: data, as: UTF8.self), owner: owner)
        } catch let error as OpenMarketError {
            log("the visitor's wish list could not be kept by the market: \(error.userMessage(in: .english))")
        } catch {
            log("the visitor's wish list could not be written: \(error)")
        }
    }
}

/// A wish list as the market keeps it.
struct WishListDocument: Codable {
    var version: Int
    var products: [WishedProduct]
}
