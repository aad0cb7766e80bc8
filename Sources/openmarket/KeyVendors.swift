import NIOConcurrencyHelpers
import Foundation
import MarketServer

/// Which vendor each SSH key writes as: created on a key's first session, kept in
/// `ssh-vendors.json` in the data directory (mode 0600, it holds secrets).
final class KeyVendors: Sendable {
    private let file: URL
    private let vendors: SQLiteVendorStore
    private let known: NIOLockedValueBox<[String: VendorCredentials]>

    init(file: URL, vendors: SQLiteVendorStore) {
        self.file = file
        self.vendors = vendors
        let saved = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode([String: VendorCredentials].self, from: $0) }
        known = NIOLockedValueBox(saved ?? [:])
    }

    /// The vendor for a key, created (named after the key's comment) when it has none yet.
    func credentials(forFingerprint fingerprint: String, name: String) -> VendorCredentials? {
        known.withLockedValue { known in
            if let existing = known[fingerprint] { return existing }
            let vendorName = name.isEmpty ? "ssh \(fingerprint.prefix(15))" : name
            guard let created = try? vendors.addBlocking(name: vendorName) else { return nil }
            known[fingerprint] = created
            if let data = try? JSONEncoder().encode(known) {
                let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                if descriptor >= 0 {
                    fchmod(descriptor, 0o600)
                    _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    close(descriptor)
                }
            }
            return created
        }
    }
}
