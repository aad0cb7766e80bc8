import Foundation

/// A vendor about to be stored: a fresh lowercase identifier and secret, and the salted hash that is
/// all a store keeps of the secret. Every store creates vendors from one of these.
struct NewVendor: Sendable {
    let name: String
    let identifier: String
    /// Shown once, in the credentials; never stored.
    let secret: String
    let secretSalt: [UInt8]
    let secretHash: [UInt8]
    let createdAt: String

    init(name: String, at date: Date) {
        self.name = name
        identifier = UUID().uuidString.lowercased()
        secret = SecretHasher.newSecret()
        secretSalt = SecretHasher.newSalt()
        secretHash = SecretHasher.hash(secret: secret, salt: secretSalt)
        createdAt = Timestamp.string(date)
    }

    /// The vendor as stored under `id`.
    func vendor(id: Int) -> Vendor {
        Vendor(
            id: id, name: name, identifier: identifier, secretSalt: secretSalt, secretHash: secretHash,
            createdAt: createdAt)
    }

    /// What the creator is told, once.
    func credentials(id: Int) -> VendorCredentials {
        VendorCredentials(id: id, name: name, identifier: identifier, secret: secret)
    }
}
