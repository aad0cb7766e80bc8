public import Foundation
import PostgresNIO

/// Where a PostgreSQL database is and how to reach it, read from a URL in libpq's form:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?host=/socket/dir&sslmode=disable]`.
///
/// A `host` query parameter that is a directory names the server's Unix socket directory, as for libpq
/// (the socket is `DIR/.s.PGSQL.PORT`). `sslmode` is `disable`, `prefer` (the default) or `require`, which
/// encrypt without checking the certificate as libpq does, or `verify-full`.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is encrypted.
    public enum TLSMode: String, Sendable, Equatable {
        case disable, prefer, require
        case verifyFull = "verify-full"
    }

    public var username: String
    public var password: String?
    public var host: String
    public var port: Int
    /// The directory of the server's Unix socket, when it is reached through one rather than TCP.
    public var socketDirectory: String?
    public var database: String
    public var tls: TLSMode
    /// The schema the stores' tables live in (the connections' `search_path`); the server's default
    /// (normally `public`) when nil. Tests give each case a schema of its own.
    public var schema: String?

    /// Reads a `postgres://` or `postgresql://` URL; throws a `PostgresStoreError` naming what is wrong.
    public init(url text: String) throws {
        func bad(_ why: String) -> PostgresStoreError { .badLocation("\(Self.redacted(text)): \(why)") }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased() else {
            throw bad("not a URL")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw bad("the scheme must be postgres:// (or postgresql://)")
        }
        let query = Dictionary(
            (url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        username = url.user?.removingPercentEncoding ?? "postgres"
        password = url.password?.removingPercentEncoding
        host = url.host?.removingPercentEncoding ?? ""
        port = url.port ?? 5432
        socketDirectory = nil
        if let queryHost = query["host"], !queryHost.isEmpty {
            if queryHost.hasPrefix("/") { socketDirectory = queryHost } else { host = queryHost }
        }
        if host.isEmpty, socketDirectory == nil { throw bad("no host (and no ?host=/socket/directory)") }
        database = String(url.path.drop(while: { $0 == "/" })).removingPercentEncoding ?? ""
        if database.isEmpty { database = username }
        guard let mode = TLSMode(rawValue: query["sslmode"] ?? "prefer") else {
            throw bad("sslmode must be disable, prefer, require or verify-full")
        }
        tls = mode
        schema = nil
    }

    /// The URL without its password: what messages and logs show.
    public var description: String {
        if let socketDirectory { return "postgres://\(username)@:\(port)/\(database)?host=\(socketDirectory)" }
        let address = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(username)@\(address):\(port)/\(database)"
    }

    /// `text` with any password replaced by `***`, for messages about a URL that could not be read.
    static func redacted(_ text: String) -> String {
        guard var url = URLComponents(string: text), url.password != nil else { return text }
        url.password = "***"
        return url.string ?? text
    }

    /// How long to wait for the server to accept a connection before giving up.
    static let connectTimeout: Int64 = 5

    /// The configuration of a single connection (migrations, and the tests' administration).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration =
            if let socketDirectory {
                PostgresConnection.Configuration(
                    unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: username, password: password,
                    database: database)
            } else {
                PostgresConnection.Configuration(
                    host: host, port: port, username: username, password: password, database: database,
                    tls: try connectionTLS())
            }
        configuration.options.connectTimeout = .seconds(Self.connectTimeout)
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// The configuration of the stores' connection pool.
    func clientConfiguration(maximumConnections: Int) -> PostgresClient.Configuration {
        var configuration =
            if let socketDirectory {
                PostgresClient.Configuration(
                    unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: username, password: password,
                    database: database)
            } else {
                PostgresClient.Configuration(
                    host: host, port: port, username: username, password: password, database: database,
                    tls: clientTLS)
            }
        configuration.options.connectTimeout = .seconds(Self.connectTimeout)
        configuration.options.additionalStartupParameters = startupParameters
        configuration.options.maximumConnections = maximumConnections
        return configuration
    }

    private var startupParameters: [(String, String)] {
        schema.map { [("search_path", Self.quotedIdentifier($0))] } ?? []
    }

    /// `name` as a quoted SQL identifier.
    static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// TLS as libpq's `sslmode` means it: `prefer` and `require` encrypt without checking the certificate.
    private var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if tls != .verifyFull { configuration.certificateVerification = .none }
        return configuration
    }

    private var clientTLS: PostgresClient.Configuration.TLS {
        switch tls {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration)
        case .require, .verifyFull: .require(tlsConfiguration)
        }
    }

    private func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        switch tls {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: tlsConfiguration))
        case .require, .verifyFull: .require(try NIOSSLContext(configuration: tlsConfiguration))
        }
    }
}
