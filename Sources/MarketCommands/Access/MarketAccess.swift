import ArgumentParser
import Foundation
import Logging
import Launch
import Localization
import MarketServer
import OpenMarketAPI
import Settings

/// Which market the product commands speak to, and as whom: the options the browser takes for it (`--server`
/// a URL or a name under `servers:`, the settings file's `server`, else the embedded market in the data
/// directory) and the same vendor identity it would write with.
public struct MarketAccess: ParsableArguments {
    @Option(help: "The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file's, else embedded).")
    public var server: String?
    @Option(help: "Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server's, the saved one, the embedded market's demo vendor).")
    public var identifier: String?
    /// Taken whole even when it begins with `-` (a secret of URL-safe base64 can).
    @Option(parsing: .unconditional, help: "Vendor secret for writes.") public var secret: String?
    @Option(help: "The embedded market's data directory (default: $XDG_DATA_HOME/openmarket).") public var dataDir: String?
    @Option(help: "The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; \"\" for none); also OPENMARKET_CONFIG.")
    public var config: String?
    @Option(help: "The language of what is said: en, ko or auto (the settings file's lang, OPENMARKET_LANG, the locale).")
    public var lang: String?
    @Option(help: "Seconds to wait for each of the market's answers before saying it did not answer.")
    public var timeout: Double = 15

    public init() {}

    public func validate() throws {
        if (identifier == nil) != (secret == nil) { throw ValidationError("--identifier and --secret go together") }
        guard timeout > 0, timeout <= 86_400 else { throw ValidationError("--timeout takes seconds, more than 0 and at most 86400") }
    }

    /// The market reached, its address and the identity writes go with (nil: none found).
    public struct Market: Sendable {
        /// The API client.
        public var client: OpenMarketClient
        /// The market's address.
        public var url: URL
        /// The vendor writes go as.
        public var identity: VendorIdentity?
        /// That vendor's id, when it is known with the identity (the embedded market's demo vendor, a saved
        /// identity, `OPENMARKET_VENDOR_ID`).
        public var vendorID: Int?
        /// The language the user reads (the settings' `lang`, the locale).
        public var language: Language

        public init(client: OpenMarketClient, url: URL, identity: VendorIdentity?, vendorID: Int? = nil, language: Language = .english) {
            self.client = client
            self.url = url
            self.identity = identity
            self.vendorID = vendorID
            self.language = language
        }

        /// The identity writes go as, or the refusal that says how to give one.
        public func writer() throws(CommandFailure) -> VendorIdentity {
            guard let identity else { throw CommandFailure.noIdentity }
            return identity
        }

        /// Product `id` as the market has it, or the failure to say.
        public func product(_ id: Int) async throws -> ProductDetail {
            do throws(OpenMarketError) {
                return try await client.product(id: id)
            } catch {
                throw CommandFailure(error, market: url)
            }
        }
    }

    /// Runs `body` against the market; the embedded one is started for it (quietly) and stopped after.
    public func run<T>(_ body: (Market) async throws -> T) async throws -> T {
        let environment = ProcessInfo.processInfo.environment
        var options = LaunchOptions()
        options.set(.server, server)
        options.identifier = identifier
        options.secret = secret
        options.set(.language, lang, option: "--lang")
        let file = try CommandLaunch.settingsFile(flag: config, environment: environment)
        let choice = try CommandLaunch.resolve { () throws(InvalidSettingValue) in try file.layers(options).resolve(.server) }.value
        let directory = dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.defaultDataDirectory()
        var embedded: EmbeddedServer?
        if choice == .embedded {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var logger = Logger(label: "openmarket.products") { _ in SwiftLogNoOpLogHandler() }
            logger.logLevel = .critical
            embedded = try await EmbeddedServer.start(directory: directory, logger: logger)
        }
        let url = embedded?.url ?? URL(string: choice.url!)!
        let known = KnownIdentity.forWrites(
            options, environment: environment, server: choice, saved: IdentityFile.load()?.known, demo: embedded?.demoIdentity)
        let language = try CommandLaunch.resolve { () throws(InvalidSettingValue) in try file.layers(options).resolve(.language) }.value
        let transport = AsyncHTTPTransport()
        let market = Market(
            client: OpenMarketClient(baseURL: url, transport: transport, timeout: .milliseconds(Int(timeout * 1000))), url: url, identity: known?.identity, vendorID: known?.vendorID,
            language: language)
        do {
            let result = try await body(market)
            try? await transport.shutdown()
            await embedded?.stop()
            return result
        } catch {
            try? await transport.shutdown()
            await embedded?.stop()
            throw error
        }
    }
}
