import Foundation
import FuzzTargets

/// libFuzzer's entry when its own `main` runs the driver: the target named by `OPENMARKET_FUZZ_TARGET`
/// runs each input. Never called in a normal build.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEntry.callback(data, size)
}

/// The target named by `OPENMARKET_FUZZ_TARGET`, for libFuzzer's driver.
enum FuzzEntry {
    static let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["OPENMARKET_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget.named(name) else {
            let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(Data("openmarket-fuzz: set OPENMARKET_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// One input from libFuzzer.
    static let callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzEntry.target.run(input)
        return 0
    }
}
