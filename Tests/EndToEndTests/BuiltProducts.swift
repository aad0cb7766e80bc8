import Foundation
import Mocks

/// Where the test bundle's sibling executables are.
enum BuiltProducts {
    static var openmarket: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = bundle.appendingPathComponent("openmarket").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        // swift test may run the bundle from elsewhere; fall back to the debug folder of the package.
        return FileManager.default.currentDirectoryPath + "/.build/debug/openmarket"
    }
}
