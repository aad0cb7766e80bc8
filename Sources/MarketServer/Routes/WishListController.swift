import Foundation
import HTTPTypes
import Hummingbird
import WishListOwners

/// The wish-list extension (docs/API.md, "Wish lists"): `GET` and `PUT /api/wishlists/{owner}`. The owner
/// is issued by an SSH front this market trusts (`WishListOwner`: a name and the front's signature over it,
/// checked against `issuers`; the list is kept under the name), so nobody makes up owners to fill the market;
/// the body is a wish list document, checked for its shape and size before it is kept. Not cached: one owner
/// reads it.
/// The market keeps at most `quota.maxBytes` of lists in all (a list that would pass it is refused with 507,
/// and the client keeps it for the session), forgets lists nobody wrote for `quota.lifetime`
/// (`WishListExpiry`), and takes at most `rate` writes a minute from one address (429 with `Retry-After`).
struct WishListController: Sendable {
    typealias Context = MarketRequestContext
    let keeper: any WishListKeeper
    /// The fronts whose owners are kept (none: no wish lists here).
    let issuers: [WishListIssuerKey]
    let now: @Sendable () -> Date
    var quota = WishListQuota()
    /// Writes per address; nil: not limited here.
    var rate: WriteRate?

    /// The most products a list holds, and the most bytes its document takes.
    static var mostProducts: Int { 200 }
    static var mostBytes: Int { 256 * 1024 }

    /// One kept product as the document holds it (the browser's `WishedProduct`).
    struct Entry: Codable {
        var id: Int
        var name: String
        var currency: String
        var price: String
        var bargainPrice: String
        var stock: Int
        var gone: Bool
    }

    struct Document: Codable {
        var version: Int
        var products: [Entry]
    }

    func addRoutes(to router: Router<Context>) {
        router.get("/api/wishlists/:owner", use: show)
        router.put("/api/wishlists/:owner", use: keep)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let owner = try owner(context)
        return Responses.json(try await keeper.wishList(owner: owner) ?? #"{"version":1,"products":[]}"#)
    }

    @Sendable func keep(_ request: Request, context: Context) async throws -> Response {
        let owner = try owner(context)
        if let rate {
            let (admitted, retryAfter) = rate.admit(context.remoteAddress ?? "?", at: now())
            guard admitted else {
                throw APIError(
                    .tooManyRequests, "at most \(rate.perMinute) wish-list writes a minute from one address; try again in \(retryAfter) s",
                    retryAfter: retryAfter)
            }
        }
        let body = try await request.body.collect(upTo: Self.mostBytes)
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(buffer: body))
        } catch {
            throw APIError.badRequest("a wish list is {\"version\":1,\"products\":[{id, name, currency, price, bargainPrice, stock, gone}, …]}")
        }
        guard document.version == 1 else { throw APIError.badRequest("version must be 1") }
        guard document.products.count <= Self.mostProducts else {
            throw APIError.badRequest("a wish list holds at most \(Self.mostProducts) products")
        }
        guard document.products.allSatisfy({ $0.id > 0 && $0.name.count <= 200 && $0.currency.count <= 8 }) else {
            throw APIError.badRequest("a product needs an id above 0, a name of at most 200 characters and a currency code")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(document), as: UTF8.self)
        guard try await keeper.keep(json, owner: owner, at: now(), mostBytes: quota.maxBytes) else {
            throw APIError(HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), "the market keeps no more wish lists now (its quota is full); keep this one yourself")
        }
        return Responses.json(json)
    }

    /// The name the path's owner keeps its list under, once the owner is found issued by a trusted front.
    func owner(_ context: Context) throws(APIError) -> String {
        guard !issuers.isEmpty else {
            throw APIError(.forbidden, "this market keeps wish lists only for the SSH fronts it trusts, and trusts none (serve --wish-list-issuer)")
        }
        guard let owner = WishListOwner(context.parameters.get("owner") ?? "") else {
            throw .badRequest("a wish list's owner is a name of 16 to 64 letters, digits, - or _ and an issuer's signature (86 more)")
        }
        guard owner.isIssued(byAnyOf: issuers) else {
            throw APIError(.forbidden, "this wish list's owner was not issued by an SSH front this market trusts")
        }
        return owner.name
    }
}
