import Foundation
import Logging
import MarketDemo
import PostgresNIO

/// The demo catalog in PostgreSQL: vendors, products, pictures' rows and the demo vendor's credentials (in
/// `meta`) in one transaction, one statement per table whatever the catalog's size. Seeding holds an advisory lock and keeps a catalog already committed, so
/// replicas that start on an empty database at once seed it once.
struct PostgresDemoCatalogStore: DemoCatalogStore {
    let pool: PostgresPool
    let now: @Sendable () -> Date
    let logger: Logger

    /// The `meta` row that holds the demo vendor's credentials once the catalog is committed.
    static let metaKey = "demo_vendor"
    /// The advisory lock seeding holds ("demoseed" in ASCII).
    static let seedLock: Int64 = 0x6465_6D6F_7365_6564

    func demoVendor() async throws -> VendorCredentials? {
        try await pool.transaction(snapshot: true, logger: logger) { connection in
            try await Self.demoVendor(on: connection, logger: logger)
        }
    }

    private static func demoVendor(on connection: PostgresConnection, logger: Logger) async throws
        -> VendorCredentials?
    {
        let json = try await connection.firstRow("SELECT value FROM meta WHERE key = \(metaKey)", logger: logger) {
            try $0[0].decode(String.self)
        }
        return try json.map { try JSONDecoder().decode(VendorCredentials.self, from: Data($0.utf8)) }
    }

    func seed(vendorNames: [String], products: [SeedProduct]) async throws -> VendorCredentials {
        let date = now()
        return try await pool.transaction(logger: logger, deadline: PostgresPool.seedingDeadline) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.seedLock))", logger: logger)
            if let seeded = try await Self.demoVendor(on: connection, logger: logger) { return seeded }
            let vendors = try await Self.addVendors(vendorNames.map { NewVendor(name: $0, at: date) }, on: connection, logger: logger)
            try await Self.insert(products, vendorIDs: vendors.map(\.id), on: connection, logger: logger)
            let demo = vendors[0]
            let json = String(decoding: try JSONEncoder().encode(demo), as: UTF8.self)
            try await connection.query(
                """
                INSERT INTO meta (key, value) VALUES (\(Self.metaKey), \(json))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, logger: logger)
            return demo
        }
    }

    /// The vendors in one statement; their credentials in the order given.
    private static func addVendors(_ vendors: [NewVendor], on connection: PostgresConnection, logger: Logger)
        async throws -> [VendorCredentials]
    {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        let rows = try await connection.rows(
            """
            INSERT INTO vendor (name, identifier, secret_salt, secret_hash, created_at)
            SELECT name, identifier, decode(salt, 'hex'), decode(hash, 'hex'), created_at
            FROM unnest(\(vendors.map(\.name))::text[], \(vendors.map(\.identifier))::text[],
              \(vendors.map { hex($0.secretSalt) })::text[], \(vendors.map { hex($0.secretHash) })::text[],
              \(vendors.map(\.createdAt))::text[]) AS v(name, identifier, salt, hash, created_at)
            RETURNING id, identifier
            """, logger: logger
        ) { (try $0["identifier"].decode(String.self), try $0["id"].decode(Int.self)) }
        let ids = Dictionary(uniqueKeysWithValues: rows)
        return try vendors.map { vendor in
            guard let id = ids[vendor.identifier] else {
                throw APIError(.internalServerError, "a seeded vendor's id did not come back")
            }
            return vendor.credentials(id: id)
        }
    }

    /// `count` fresh ids of `table`'s identity column, ascending (taken from its sequence in one statement).
    private static func newIDs(_ count: Int, of table: String, on connection: PostgresConnection, logger: Logger)
        async throws -> [Int]
    {
        guard count > 0 else { return [] }
        let ids = try await connection.rows(
            "SELECT nextval(pg_get_serial_sequence(\(table), 'id')) FROM generate_series(1, \(count))", logger: logger
        ) { try $0[0].decode(Int.self) }
        return ids.sorted()
    }

    /// The products and their pictures' rows: one statement for each table, with ids taken beforehand so that
    /// each product names its first picture as its thumbnail, and newer products have larger ids.
    private static func insert(
        _ seeds: [SeedProduct], vendorIDs: [Int], on connection: PostgresConnection, logger: Logger
    ) async throws {
        let pictures = seeds.map { $0.pictures(vendorIDs[$0.vendor]) }
        let productIDs = try await newIDs(seeds.count, of: "product", on: connection, logger: logger)
        var imageIDs = try await newIDs(pictures.map(\.count).reduce(0, +), of: "image", on: connection, logger: logger)[...]

        var product = (
            id: [Int](), vendor: [Int](), name: [String](), description: [String](), search: [String](),
            thumbnail: [Int](), currency: [String](), price: [String](), discounted: [String](), stock: [Int](),
            stamp: [String]())
        var image = (id: [Int](), product: [Int](), position: [Int](), origin: [String](), thumbnail: [String](), stamp: [String]())
        for (index, seed) in seeds.enumerated() {
            let p = seed.product
            let stamp = Timestamp.string(seed.date)
            var thumbnail = 0
            for (position, picture) in pictures[index].enumerated() {
                let id = imageIDs.removeFirst()
                if position == 0 { thumbnail = id }
                image.id.append(id)
                image.product.append(productIDs[index])
                image.position.append(position)
                image.origin.append(picture.originPath)
                image.thumbnail.append(picture.thumbnailPath)
                image.stamp.append(stamp)
            }
            product.id.append(productIDs[index])
            product.vendor.append(vendorIDs[seed.vendor])
            product.name.append(p.name)
            product.description.append(p.description)
            product.search.append(StoredProduct.searchText(name: p.name, description: p.description))
            product.thumbnail.append(thumbnail)
            product.currency.append(p.currency)
            product.price.append(ExactDecimal.text(p.price))
            product.discounted.append(ExactDecimal.text(p.discountedPrice))
            product.stock.append(p.stock)
            product.stamp.append(stamp)
        }
        try await connection.query(
            """
            INSERT INTO product (id, vendor_id, name, description, search_text, thumbnail_image_id, currency, price,
              discounted_price, stock, created_at, issued_at)
            OVERRIDING SYSTEM VALUE
            SELECT id, vendor_id, name, description, search_text, nullif(thumbnail, 0), currency, price::numeric,
              discounted::numeric, stock, stamp, stamp
            FROM unnest(\(product.id)::bigint[], \(product.vendor)::bigint[], \(product.name)::text[],
              \(product.description)::text[], \(product.search)::text[], \(product.thumbnail)::bigint[],
              \(product.currency)::text[], \(product.price)::text[], \(product.discounted)::text[],
              \(product.stock)::bigint[], \(product.stamp)::text[])
              AS p(id, vendor_id, name, description, search_text, thumbnail, currency, price, discounted, stock, stamp)
            """, logger: logger)
        guard !image.id.isEmpty else { return }
        try await connection.query(
            """
            INSERT INTO image (id, product_id, position, origin_path, thumbnail_path, issued_at)
            OVERRIDING SYSTEM VALUE
            SELECT * FROM unnest(\(image.id)::bigint[], \(image.product)::bigint[], \(image.position)::bigint[],
              \(image.origin)::text[], \(image.thumbnail)::text[], \(image.stamp)::text[])
            """, logger: logger)
    }
}
