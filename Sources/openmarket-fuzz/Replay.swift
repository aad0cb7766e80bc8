import Foundation
import FuzzTargets

#if FUZZING
import CFuzzDriver
#endif

/// `openmarket-fuzz`. Built by `make fuzz` (with `-sanitize=fuzzer`): libFuzzer's driver runs the target
/// named by `OPENMARKET_FUZZ_TARGET` with libFuzzer's arguments. In a normal build:
/// `openmarket-fuzz TARGET FILE…` runs each file through the target, to replay a finding under a debugger;
/// `openmarket-fuzz --list` names the targets.
@main
struct Replay {
    static func main() {
        #if FUZZING
        _ = FuzzEntry.target  // fail at once on a missing or unknown target name
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, FuzzEntry.callback))
        #else
        replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    static func replay(_ arguments: [String]) {
        guard let name = arguments.first, name != "--list", let target = FuzzTarget.named(name) else {
            for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
            exit(arguments.first == "--list" ? 0 : 2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("openmarket-fuzz: cannot read \(path)\n".utf8))
                exit(1)
            }
            target.run(Array(data))
            print("ok \(path)")
        }
    }
}
