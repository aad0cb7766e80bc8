import Logging
import PostgresNIO

/// The PostgreSQL schema of the stores and how a database is brought up to it.
///
/// Migrations run in one transaction under a transaction-scoped advisory lock, so replicas starting at
/// once take turns: the first applies what is missing, the others then find nothing to do. Applied
/// versions are rows of `schema_version`; a database whose version is above `version` was migrated by a
/// newer openmarket, and this one refuses to run on it.
enum PostgresSchema {
    /// Each migration's statements; migration `n` (from 1) brings the schema to version `n`. Append only.
    ///
    /// Ids are identity columns (sequences), so replicas never hand out the same id; prices are NUMERIC,
    /// exact; dates are the API's text (`Timestamp`) and token times seconds since 1970, as in SQLite.
    static let migrations: [[PostgresQuery]] = [
        [
            """
            CREATE TABLE vendor (
              id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
              name text NOT NULL,
              identifier text NOT NULL UNIQUE,
              secret_salt bytea NOT NULL,
              secret_hash bytea NOT NULL,
              created_at text NOT NULL
            )
            """,
            """
            CREATE TABLE product (
              id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
              vendor_id bigint NOT NULL REFERENCES vendor(id),
              name text NOT NULL,
              description text NOT NULL,
              search_text text NOT NULL,
              thumbnail_image_id bigint,
              currency text NOT NULL,
              price numeric NOT NULL,
              discounted_price numeric NOT NULL,
              stock bigint NOT NULL,
              created_at text NOT NULL,
              issued_at text NOT NULL
            )
            """,
            "CREATE INDEX product_vendor ON product (vendor_id)",
            """
            CREATE TABLE image (
              id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
              product_id bigint NOT NULL REFERENCES product(id) ON DELETE CASCADE,
              position bigint NOT NULL,
              origin_path text NOT NULL,
              thumbnail_path text NOT NULL,
              issued_at text NOT NULL
            )
            """,
            "CREATE INDEX image_product ON image (product_id, position)",
            "CREATE INDEX image_origin_path ON image (origin_path)",
            "CREATE INDEX image_thumbnail_path ON image (thumbnail_path)",
            """
            CREATE TABLE delete_token (
              token text PRIMARY KEY,
              product_id bigint NOT NULL,
              vendor_id bigint NOT NULL,
              expires_at double precision NOT NULL,
              used_at double precision
            )
            """,
            "CREATE INDEX delete_token_expiry ON delete_token (expires_at)",
            "CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)",
        ],
        // 2: pictures' bytes, shared by every replica (`PostgresPictureStore`).
        [
            """
            CREATE TABLE picture_file (
              path text PRIMARY KEY,
              bytes bytea NOT NULL,
              stored_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX picture_file_stored_at ON picture_file (stored_at)",
        ],
        // 3: wish lists kept for SSH visitors, found by every front (`PostgresWishListKeeper`).
        [
            """
            CREATE TABLE wish_list (
              owner text PRIMARY KEY,
              body text NOT NULL,
              updated_at double precision NOT NULL
            )
            """,
        ],
        // 4: deleted products kept for their vendors to bring back (docs/API.md, "Undo a delete").
        [
            """
            CREATE TABLE deleted_product (
              id bigint PRIMARY KEY,
              vendor_id bigint NOT NULL,
              deleted_at text NOT NULL,
              detail text NOT NULL
            )
            """,
            "CREATE INDEX deleted_product_at ON deleted_product (deleted_at)",
        ],
    ]

    /// The schema version this code reads and writes.
    static var version: Int { migrations.count }

    /// The advisory lock migrations hold ("openmark" in ASCII); per database, released at commit.
    static let migrationLock: Int64 = 0x6F70_656E_6D61_726B

    /// Brings the database on `connection` up to `version`, or throws `PostgresStoreError.schemaTooNew`.
    /// Returns the versions it applied (empty when the schema was already current).
    @discardableResult
    static func migrate(on connection: PostgresConnection, location: PostgresLocation, logger: Logger) async throws
        -> [Int]
    {
        let encoding = try await connection.firstRow("SHOW server_encoding", logger: logger) {
            try $0[0].decode(String.self)
        }
        guard encoding == "UTF8" else {
            throw PostgresStoreError.unusable(
                location, "its encoding is \(encoding ?? "unknown"); create it with ENCODING 'UTF8'")
        }
        return try await connection.transaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_version (
                  version integer PRIMARY KEY,
                  applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
            let current =
                try await connection.firstRow("SELECT coalesce(max(version), 0) FROM schema_version", logger: logger) {
                    try $0[0].decode(Int.self)
                } ?? 0
            guard current <= version else {
                throw PostgresStoreError.schemaTooNew(database: current, known: version, location: location)
            }
            var applied: [Int] = []
            for next in stride(from: current + 1, through: version, by: 1) {
                for statement in migrations[next - 1] {
                    try await connection.query(statement, logger: logger)
                }
                try await connection.query("INSERT INTO schema_version (version) VALUES (\(next))", logger: logger)
                applied.append(next)
            }
            return applied
        }
    }
}
