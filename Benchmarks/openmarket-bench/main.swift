import Foundation

// The client-core benchmarks of `make bench`. Build in release: `swift build -c release`.
let started = ContinuousClock.now
print("# openmarket client-core benchmarks — \(Date()) — \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("")
for line in try ThumbnailBench.run() { print(line) }
print("")
print("(took \(ContinuousClock.now - started))")
