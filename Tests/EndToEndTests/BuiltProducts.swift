import Foundation
import Mocks

/// Where the test bundle's sibling executables are.
enum BuiltProducts {
    static var openmarket: String { path("openmarket") }

    /// `openmarket mcp`'s server, which the browser's binary hands over to.
    static var mcp: String { path("openmarket-mcp") }

    /// The second crowd client (SwiftNIO SSH), which `bench/crowd.py --client` sends at a front.
    static var crowd: String { path("openmarket-crowd") }

    static func path(_ name: String) -> String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = bundle.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        // swift test may run the bundle from elsewhere; fall back to the debug folder of the package.
        return FileManager.default.currentDirectoryPath + "/.build/debug/" + name
    }
}
