import MarketApp
import OpenMarketAPI

extension IdentityFile {
    /// The saved identity as the launch resolver takes it (for its server, or any).
    public var known: BrowserLaunch.KnownIdentity {
        BrowserLaunch.KnownIdentity(identity: VendorIdentity(identifier: identifier, secret: secret), server: server)
    }
}

extension EmbeddedServer {
    /// The embedded market's demo vendor as the launch resolver takes it, when it has one.
    public var demoIdentity: BrowserLaunch.KnownIdentity? {
        demoVendor.map { BrowserLaunch.KnownIdentity(identity: VendorIdentity(identifier: $0.identifier, secret: $0.secret), vendorID: $0.id) }
    }
}
