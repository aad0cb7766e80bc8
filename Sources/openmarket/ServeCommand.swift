import ArgumentParser
import Foundation
import Hummingbird
import Logging
import MarketServer

/// `openmarket serve`: runs the Open Market API server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Open Market API server.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 8080
    @Option(help: "Where the database and pictures live (default: $XDG_DATA_HOME/openmarket).")
    var dataDir: String?
    @Option(help: "Base URL written into picture URLs (default: http://HOST:PORT).") var publicURL: String?
    @Flag(help: "Seed the demo catalog even if the store already has data.") var demo = false
    @Option(help: "Log level: trace, debug, info, notice, warning, error.") var logLevel = "info"

    func run() async throws {
        let logging = LoggerFactory()
        let logger = logging.make(label: "openmarket.server", level: logLevel)
        let configuration = ServerConfiguration(
            host: host, port: port,
            dataDirectory: dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.defaultDataDirectory(),
            publicURL: publicURL, demo: demo ? .always : .whenEmpty)
        let server = try await OpenMarketServer.open(configuration, logger: logger)
        let demoVendor = server.demoVendor
        let dataPath = configuration.dataDirectory.path
        let app = server.application { port in
            var lines = ["Open Market API server on http://\(host):\(port)  (data: \(dataPath))"]
            if let demoVendor {
                lines.append("Demo vendor \"\(demoVendor.name)\": identifier \(demoVendor.identifier)")
                lines.append("                secret     \(demoVendor.secret)")
            }
            lines.append("Stop with Ctrl-C.")
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        let flusher = Task { await logging.sink.runFlusher() }
        defer {
            flusher.cancel()
            logging.sink.flush()
        }
        try await app.runService()
    }
}
