import Foundation

/// Delete tokens in memory (`MemoryDatabase`); checking and spending a token is one locked step.
struct MemoryDeleteTokenStore: DeleteTokenStore {
    let database: MemoryDatabase

    func issue(productID: Int, vendorID: Int, now: Date, lifetime: TimeInterval) async throws -> String {
        let token = TokenMaker.random(bytes: 24)
        let forgetBefore = now.timeIntervalSince1970 - DeleteTokenRecord.keptAfterExpiry
        try database.transaction { tables in
            tables.deleteTokens = tables.deleteTokens.filter { $0.value.expiresAt >= forgetBefore }
            tables.deleteTokens[token] = DeleteTokenRecord(
                productID: productID, vendorID: vendorID,
                expiresAt: now.addingTimeInterval(lifetime).timeIntervalSince1970)
        }
        return token
    }

    func redeem(_ token: String, vendorID: Int, now: Date) async throws -> Int {
        try database.transaction { tables in
            guard var record = tables.deleteTokens[token] else { throw DeleteTokenRecord.unknown }
            try record.checkSpendable(by: vendorID, at: now)
            record.usedAt = now.timeIntervalSince1970
            tables.deleteTokens[token] = record
            return record.productID
        }
    }
}
