public import GRDB

/// Opens the SQLite file in the data directory (WAL, through GRDB's pool) and brings its schema up to date.
public enum MarketDatabase {
    /// A pool on `path`, migrated.
    public static func open(path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "openmarket"
        configuration.prepareDatabase { db in
            // WAL is GRDB's pool default; FULL makes each commit durable before it is acknowledged.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE vendor (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      name TEXT NOT NULL,
                      identifier TEXT NOT NULL UNIQUE,
                      secret_salt BLOB NOT NULL,
                      secret_hash BLOB NOT NULL,
                      created_at TEXT NOT NULL
                    );
                    CREATE TABLE product (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      vendor_id INTEGER NOT NULL REFERENCES vendor(id),
                      name TEXT NOT NULL,
                      description TEXT NOT NULL,
                      search_text TEXT NOT NULL,
                      thumbnail_image_id INTEGER,
                      currency TEXT NOT NULL,
                      price REAL NOT NULL,
                      discounted_price REAL NOT NULL,
                      stock INTEGER NOT NULL,
                      created_at TEXT NOT NULL,
                      issued_at TEXT NOT NULL
                    );
                    CREATE INDEX product_vendor ON product(vendor_id);
                    CREATE TABLE image (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      product_id INTEGER NOT NULL REFERENCES product(id) ON DELETE CASCADE,
                      position INTEGER NOT NULL,
                      origin_path TEXT NOT NULL,
                      thumbnail_path TEXT NOT NULL,
                      issued_at TEXT NOT NULL
                    );
                    CREATE INDEX image_product ON image(product_id, position);
                    CREATE TABLE delete_token (
                      token TEXT PRIMARY KEY,
                      product_id INTEGER NOT NULL,
                      vendor_id INTEGER NOT NULL,
                      expires_at REAL NOT NULL,
                      used_at REAL
                    );
                    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    """)
        }
        // Pictures are looked up by path when a demo picture's file is made on first request.
        migrator.registerMigration("v2-image-paths") { db in
            try db.execute(
                sql: """
                    CREATE INDEX image_origin_path ON image(origin_path);
                    CREATE INDEX image_thumbnail_path ON image(thumbnail_path);
                    """)
        }
        // Prices were REAL (binary floating point); they become TEXT holding exact decimals. Each stored
        // double is read back as the shortest text that gives the same double (what the client sent, for
        // any price of up to 15 significant digits), then kept exactly.
        migrator.registerMigration("v3-exact-prices") { db in
            try db.execute(
                sql: """
                    CREATE TABLE product_exact (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      vendor_id INTEGER NOT NULL REFERENCES vendor(id),
                      name TEXT NOT NULL,
                      description TEXT NOT NULL,
                      search_text TEXT NOT NULL,
                      thumbnail_image_id INTEGER,
                      currency TEXT NOT NULL,
                      price TEXT NOT NULL,
                      discounted_price TEXT NOT NULL,
                      stock INTEGER NOT NULL,
                      created_at TEXT NOT NULL,
                      issued_at TEXT NOT NULL
                    );
                    INSERT INTO product_exact SELECT * FROM product;
                    """)
            let rows = try Row.fetchAll(db, sql: "SELECT id, price, discounted_price FROM product")
            for row in rows {
                let id: Int = row[0]
                let price: Double = row[1]
                let discounted: Double = row[2]
                try db.execute(
                    sql: "UPDATE product_exact SET price = ?, discounted_price = ? WHERE id = ?",
                    arguments: [try exactText(price, id: id), try exactText(discounted, id: id), id])
            }
            // AUTOINCREMENT never gives an id twice; the new table keeps the old one's high-water mark.
            let lastID = try Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'product'")
            try db.execute(
                sql: """
                    DROP TABLE product;
                    ALTER TABLE product_exact RENAME TO product;
                    CREATE INDEX product_vendor ON product(vendor_id);
                    DELETE FROM sqlite_sequence WHERE name = 'product';
                    """)
            if let lastID {
                try db.execute(
                    sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('product', ?)", arguments: [lastID])
            }
        }
        migrator.registerMigration("v4-wish-lists") { db in
            try db.execute(
                sql: """
                    CREATE TABLE wish_list (
                      owner TEXT PRIMARY KEY NOT NULL,
                      body TEXT NOT NULL,
                      updated_at REAL NOT NULL
                    )
                    """)
        }
        // Deleted products kept for their vendors to bring back (docs/API.md, "Undo a delete").
        migrator.registerMigration("v5-deleted-products") { db in
            try db.execute(
                sql: """
                    CREATE TABLE deleted_product (
                      id INTEGER PRIMARY KEY,
                      vendor_id INTEGER NOT NULL,
                      deleted_at TEXT NOT NULL,
                      detail TEXT NOT NULL
                    );
                    CREATE INDEX deleted_product_at ON deleted_product (deleted_at)
                    """)
        }
        return migrator
    }

    /// A stored double as the exact decimal it was meant to be: its shortest round-trip text.
    private static func exactText(_ value: Double, id: Int) throws -> String {
        guard value.isFinite, let exact = ExactDecimal.parse(value.description) else {
            throw DatabaseError(message: "product \(id) has a price that is not a number: \(value)")
        }
        return ExactDecimal.text(exact)
    }
}
