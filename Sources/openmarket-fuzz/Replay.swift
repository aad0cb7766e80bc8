#if !FUZZING
import Foundation
import FuzzTargets

/// Without libFuzzer (a normal build): `openmarket-fuzz TARGET FILE…` runs each file through the target,
/// to replay a finding or a corpus under a debugger; `openmarket-fuzz --list` names the targets.
@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
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
#endif
