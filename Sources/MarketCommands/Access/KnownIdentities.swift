public import Launch
import OpenMarketAPI

extension IdentityFile {
    /// The saved identity as the launch resolver takes it (for its server, or any).
    public var known: KnownIdentity {
        KnownIdentity(identity: VendorIdentity(identifier: identifier, secret: secret), server: server)
    }
}

extension EmbeddedServer {
    /// The embedded market's demo vendor as the launch resolver takes it, when it has one.
    public var demoIdentity: KnownIdentity? {
        demoVendor.map { KnownIdentity(identity: VendorIdentity(identifier: $0.identifier, secret: $0.secret), vendorID: $0.id) }
    }
}
