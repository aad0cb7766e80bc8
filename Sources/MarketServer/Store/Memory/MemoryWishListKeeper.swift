import Foundation

/// Wish lists in memory (`MemoryDatabase`).
struct MemoryWishListKeeper: WishListKeeper {
    let database: MemoryDatabase

    func wishList(owner: String) async throws -> String? {
        database.read { $0.wishLists[owner] }
    }

    func keep(_ json: String, owner: String, at date: Date) async throws {
        try database.transaction { $0.wishLists[owner] = json }
    }
}
