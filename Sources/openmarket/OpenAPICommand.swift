import ArgumentParser
import MarketServer

/// `openmarket openapi`: prints the API's OpenAPI 3.1 document (what `openmarket serve` answers at `/openapi.yaml`).
struct OpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi", abstract: "Print the API's OpenAPI 3.1 document (served at /openapi.yaml too).")

    func run() {
        print(OpenAPIDocument.yaml, terminator: "")
    }
}
