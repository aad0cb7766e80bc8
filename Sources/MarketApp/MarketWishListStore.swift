import Foundation
import Localization
public import MarketFeatures
public import OpenMarketAPI

/// A visitor's wish list kept by the market (`PUT /api/wishlists/{owner}`, docs/API.md), so that every SSH
/// front behind a balancer finds it: the owner is the name the front derived from its host key and the key
/// the visitor offered. A save that fails is logged and tried again with the next change. A load that fails
/// starts an empty list for the session (and says so in the log) and never writes over the kept one: before
/// the first save the kept list is read again, and what this session kept is saved merged with it; while it
/// cannot be read, nothing is written (a market without wish lists, one that is away).
public actor MarketWishListStore: WishListStore {
    public nonisolated let place = WishPlace.visitorKey
    private let client: OpenMarketClient
    private let owner: String
    private let log: @Sendable (String) -> Void
    private var savedGeneration = Int.min
    /// Whether the kept list has been read (or written) since the last `load`: only then may a save replace it.
    private var read = false
    /// Whether the last read or write of the market's list failed (the session holds the list meanwhile).
    private var away = false

    public init(client: OpenMarketClient, owner: String, log: @escaping @Sendable (String) -> Void) {
        self.client = client
        self.owner = owner
        self.log = log
    }

    public func load() async -> [WishedProduct] {
        savedGeneration = Int.min
        read = false
        switch await fetch() {
        case .success(let products):
            read = true
            away = false
            return products
        case .failure(let reason):
            away = true
            log("the market's wish list for this visitor could not be read (\(reason.reason)); starting empty, and it is not written over")
            return []
        }
    }

    public func save(_ products: [WishedProduct], generation: Int) async {
        guard generation > savedGeneration else { return }
        var products = products
        if !read {
            // The kept list was never read: what it holds and this session did not see stays kept.
            switch await fetch() {
            case .success(let kept):
                let here = Set(products.map(\.id))
                products += kept.filter { !here.contains($0.id) }
                products = WishList(products).products
                read = true
            case .failure(let reason):
                away = true
                log("the visitor's wish list is not saved: the market's could not be read (\(reason.reason)), and saving would replace it")
                return
            }
        }
        savedGeneration = generation
        do {
            let data = try JSONEncoder().encode(WishListDocument(version: 1, products: products))
            try await client.keepWishList(String(decoding: data, as: UTF8.self), owner: owner)
            away = false
        } catch let error as OpenMarketError {
            away = true
            log("the visitor's wish list could not be kept by the market: \(error.userMessage(in: .english))")
        } catch {
            away = true
            log("the visitor's wish list could not be written: \(error)")
        }
    }

    public func currentPlace() async -> WishPlace { away ? .marketAway : place }

    /// The kept list, or why it could not be read.
    private func fetch() async -> Result<[WishedProduct], FetchFailure> {
        let bytes: [UInt8]
        do throws(OpenMarketError) {
            bytes = try await client.wishList(owner: owner)
        } catch {
            return .failure(FetchFailure(reason: error.userMessage(in: .english)))
        }
        do {
            return .success(try JSONDecoder().decode(WishListDocument.self, from: Data(bytes)).products)
        } catch {
            return .failure(FetchFailure(reason: "not a wish list: \(error)"))
        }
    }

    private struct FetchFailure: Error {
        var reason: String
    }
}

/// A wish list as the market keeps it.
struct WishListDocument: Codable {
    var version: Int
    var products: [WishedProduct]
}
