import Foundation

/// Wish lists in memory (`MemoryDatabase`).
struct MemoryWishListKeeper: WishListKeeper {
    let database: MemoryDatabase

    func wishList(owner: String) async throws -> String? {
        database.read { $0.wishLists[owner]?.body }
    }

    func keep(_ json: String, owner: String, at date: Date, mostBytes: Int) async throws -> Bool {
        try database.transaction { tables in
            let others = tables.wishLists.filter { $0.key != owner }.values.reduce(0) { $0 + $1.body.utf8.count }
            guard others + json.utf8.count <= mostBytes else { return false }
            tables.wishLists[owner] = (json, date)
            return true
        }
    }

    func removeUntouched(before date: Date) async throws -> Int {
        try database.transaction { tables in
            let gone = tables.wishLists.filter { $0.value.updated < date }.map(\.key)
            for owner in gone { tables.wishLists[owner] = nil }
            return gone.count
        }
    }
}
