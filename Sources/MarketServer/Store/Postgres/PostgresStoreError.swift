import Foundation
import PostgresNIO

/// Why the PostgreSQL stores could not be opened: a sentence for the operator, and which kind of failure.
public struct PostgresStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case badLocation, unreachable, schemaTooNew, unusable, unreadable
    }

    private let code: Code
    /// What went wrong, naming the database (never its password) and what to do.
    public let message: String

    public var description: String { message }

    /// The database URL cannot be read.
    static func badLocation(_ message: String) -> PostgresStoreError { .init(code: .badLocation, message: message) }

    /// No connection could be made (refused, timed out, authentication failed, no such database).
    static func unreachable(_ location: PostgresLocation, _ error: any Error) -> PostgresStoreError {
        .init(code: .unreachable, message: "cannot reach PostgreSQL at \(location): \(reason(error))")
    }

    /// The database was migrated by a newer openmarket than this one.
    static func schemaTooNew(database: Int, known: Int, location: PostgresLocation) -> PostgresStoreError {
        .init(
            code: .schemaTooNew,
            message: """
                the database at \(location) has schema version \(database), but this openmarket knows only \
                versions up to \(known): run a newer openmarket (a replica must not be older than the schema)
                """)
    }

    /// The database answered but cannot hold the stores (a migration failed, a wrong encoding).
    static func unusable(_ location: PostgresLocation, _ why: String) -> PostgresStoreError {
        .init(code: .unusable, message: "cannot use the PostgreSQL database at \(location): \(why)")
    }

    /// A stored value this code cannot read back.
    static func unreadable(_ message: String) -> PostgresStoreError { .init(code: .unreadable, message: message) }

    /// True when this is the refusal to run on a schema newer than the code.
    public var isSchemaTooNew: Bool { code == .schemaTooNew }
    /// True when the server could not be reached at all.
    public var isUnreachable: Bool { code == .unreachable }

    /// Whether `error` means the database cannot be reached right now (refused, lost, shutting down),
    /// rather than a problem with the request.
    static func isConnectivity(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError:
            if [.clientClosedConnection, .serverClosedConnection, .connectionError, .uncleanShutdown, .poolClosed]
                .contains(error.code)
            {
                return true
            }
            // SQLSTATE class 08 (connection exception) and 57 (operator intervention: shutdown, restart).
            if let state = error.serverInfo?[.sqlState], state.hasPrefix("08") || state.hasPrefix("57") { return true }
            return error.underlying.map(isConnectivity) ?? false
        case is NIOConnectionError, is IOError, is ChannelError:
            return true
        default:
            return false
        }
    }

    /// A readable reason for a PostgresNIO error, whose `description` hides everything on purpose: the
    /// server's own message, or the connection's failure ("Connection refused").
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            if let message = error.serverInfo?[.message] { return message }
            return error.underlying.map(reason) ?? "\(error.code)"
        case let error as NIOConnectionError:
            let reasons = error.connectionErrors.map { reason($0.error) } + [error.dnsAError, error.dnsAAAAError]
                .compactMap { $0.map(reason) }
            guard !reasons.isEmpty else { return "no address for \(error.host)" }
            return Array(Set(reasons)).sorted().joined(separator: "; ")
        case let error as IOError:
            return String(cString: strerror(error.errnoCode))
        default:
            return String(describing: error)
        }
    }
}
