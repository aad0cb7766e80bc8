import Foundation

/// A delete token as stored: bound to one product and one vendor, single-use, expiring.
struct DeleteTokenRecord: Sendable, Equatable {
    var productID: Int
    var vendorID: Int
    /// Seconds since 1970.
    var expiresAt: TimeInterval
    /// Seconds since 1970, once spent.
    var usedAt: TimeInterval?

    /// The answer to a token no store knows.
    static let unknown = APIError.notFound(
        "unknown delete token; ask for one with POST /api/products/{id}/archived")

    /// Throws unless `vendorID` may spend this token at `now`: 404 when it was used or has expired,
    /// 403 when it was issued to another vendor (API.md; docs/DECISIONS.md).
    func checkSpendable(by vendorID: Int, at now: Date) throws(APIError) {
        guard usedAt == nil else { throw .notFound("delete token was already used") }
        guard self.vendorID == vendorID else { throw .forbidden("delete token was issued to another vendor") }
        guard expiresAt >= now.timeIntervalSince1970 else {
            throw .notFound("delete token has expired; ask for a new one")
        }
    }

    /// Tokens that expired this long ago are of no more help in explaining a reuse, and are dropped.
    static let keptAfterExpiry: TimeInterval = 86_400
}
