import Foundation
import Mocks
import Testing

/// `openmarket serve` started as a user starts it, with the demo vendor's credentials it prints.
struct ServedMarket {
    let process: SpawnedProcess
    let http: LiveHTTP
    let identifier: String
    let secret: String

    /// The port it listens on.
    var port: Int { Int(http.base.split(separator: ":").last ?? "") ?? 0 }

    /// Starts `openmarket serve` on a free port in `directory` and reads the demo credentials it prints.
    static func start(_ directory: TemporaryDirectory, arguments: [String] = []) async throws -> ServedMarket {
        try await start(dataDirectory: directory.path, arguments: arguments)
    }

    /// Starts `openmarket serve` on a free port with its data in `dataDirectory` (created when missing).
    static func start(dataDirectory: String, arguments: [String] = []) async throws -> ServedMarket {
        let process = try SpawnedProcess(
            BuiltProducts.openmarket,
            ["serve", "--port", "0", "--data-dir", dataDirectory, "--log-level", "warning"] + arguments)
        let output = try await process.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let url = try #require(output.firstMatch(of: /on (http:\/\/127\.0\.0\.1:\d+)/)?.1)
        let identifier = try #require(output.firstMatch(of: /identifier ([0-9a-f-]{36})/)?.1)
        let secret = try #require(output.firstMatch(of: /secret +(\S+)/)?.1)
        return ServedMarket(
            process: process, http: LiveHTTP(base: String(url)), identifier: String(identifier), secret: String(secret))
    }

    /// Adds a vendor to the market whose data is in `dataDirectory` (`openmarket vendor add`, as an operator
    /// does) and returns the identity it printed.
    static func addVendor(_ name: String, dataDirectory: String) throws -> (identifier: String, secret: String) {
        let added = try SpawnedProcess.run(BuiltProducts.openmarket, ["vendor", "add", name, "--data-dir", dataDirectory])
        let identifier = try #require(added.output.firstMatch(of: /identifier  (\S+)/)?.1, "\(added.output)")
        let secret = try #require(added.output.firstMatch(of: /secret +(\S+)/)?.1, "\(added.output)")
        return (String(identifier), String(secret))
    }

    /// The same market through another address (a load balancer in front of it).
    func through(_ base: String) -> ServedMarket {
        ServedMarket(process: process, http: LiveHTTP(base: base), identifier: identifier, secret: secret)
    }

    /// Registers a product as the demo vendor with two pictures (a JPEG and a PNG, by default the same for
    /// every call).
    func register(
        name: String, firstPicture: [UInt8]? = nil, secondPicture: [UInt8]? = nil
    ) async throws -> LiveHTTP.Reply {
        var builder = MultipartBuilder()
        builder.text(
            "params",
            #"{"name":"\#(name)","description":"Registered by the end-to-end test.","price":2.36,"currency":"USD","secret":"\#(secret)"}"#)
        builder.file("images", filename: "one.jpg", bytes: firstPicture ?? FixturePictures.jpeg(width: 640, height: 480))
        builder.file(
            "images", filename: "two.png", bytes: secondPicture ?? FixturePictures.png(width: 90, height: 120),
            contentType: "image/png")
        builder.close()
        return try await http.send(
            "POST", "/api/products", headers: ["identifier": identifier, "Content-Type": builder.contentType],
            body: Data(builder.body))
    }

    /// The path part of a picture URL the server gave.
    static func path(of url: String) -> String {
        String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
    }
}
