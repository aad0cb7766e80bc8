import Foundation
import FuzzTargets

/// libFuzzer's entry: the target named by `OPENMARKET_FUZZ_TARGET` runs each input. Only linked as the
/// entry in a build with `-sanitize=fuzzer` (`make fuzz`); in a normal build it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzEntry.target.run(input)
    return 0
}

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
}
