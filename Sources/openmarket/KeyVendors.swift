import NIOConcurrencyHelpers
import Foundation
import Logging
import MarketServer
import Settings

/// Which vendor each SSH key writes as: created on a key's first session, kept in `ssh-vendors.json` in the
/// data directory (mode 0600, it holds secrets).
///
/// The file is the only record of which vendor a key is: lost, every key would become a new vendor and the
/// old vendors' products could be edited by nobody. So it is written whole or not at all (`AtomicFile`:
/// a temporary file, fsync, rename), a start that finds it unreadable or damaged refuses to run (`load`
/// throws, naming the file), and a vendor whose record could not be written is not handed out.
final class KeyVendors: Sendable {
    /// Why the file cannot be used; the front refuses to start with it.
    struct Unusable: Error, CustomStringConvertible {
        var description: String
    }

    private let file: URL
    private let vendors: SQLiteVendorStore
    private let logger: Logger
    private let known: NIOLockedValueBox<[String: VendorCredentials]>

    /// Reads `file` (none yet: no key has a vendor). Throws `Unusable` when it exists but cannot be read or
    /// is not what this program wrote.
    init(file: URL, vendors: SQLiteVendorStore, logger: Logger) throws {
        self.file = file
        self.vendors = vendors
        self.logger = logger
        known = NIOLockedValueBox(try Self.load(file))
    }

    /// The vendors kept in `file`: none when it does not exist; an error naming the file otherwise.
    static func load(_ file: URL) throws -> [String: VendorCredentials] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
            return [:]
        } catch {
            throw Unusable(
                description: "\(file.path) cannot be read (\(Self.reason(error))): it names the vendor each SSH key writes as; "
                    + "without it every key would become a new vendor. Make it readable by this user, then start again.")
        }
        do {
            return try JSONDecoder().decode([String: VendorCredentials].self, from: data)
        } catch {
            throw Unusable(
                description: "\(file.path) is damaged (\(data.count) bytes that are not the key-vendor list): it names the vendor "
                    + "each SSH key writes as. Restore it from a backup; move it aside only to give every key a new vendor.")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return (error as NSError).localizedDescription
    }

    /// The vendor for a key, created (named after the key's comment) when it has none yet; nil when none could
    /// be created or its record could not be written (the session then browses without writing, and the log
    /// says why).
    func credentials(forFingerprint fingerprint: String, name: String) -> VendorCredentials? {
        known.withLockedValue { known in
            if let existing = known[fingerprint] { return existing }
            let vendorName = name.isEmpty ? "ssh \(fingerprint.prefix(15))" : name
            let created: VendorCredentials
            do {
                created = try vendors.addBlocking(name: vendorName)
            } catch {
                logger.error("no vendor for key \(fingerprint): the market could not add one (\(error))")
                return nil
            }
            var updated = known
            updated[fingerprint] = created
            do {
                try AtomicFile.write(try JSONEncoder().encode(updated), toPath: file.path)
            } catch {
                // Not handed out: a vendor nobody can find again after a restart would strand its products.
                logger.error("no vendor for key \(fingerprint) this session: \(file.path) could not be written (\(error))")
                return nil
            }
            known = updated
            return created
        }
    }
}
