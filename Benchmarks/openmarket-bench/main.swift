import Foundation

// The client benchmarks of `make bench`. Build in release: `swift build -c release`.
let started = ContinuousClock.now
print("# openmarket client benchmarks — \(Date()) — \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("\n## Pages")
for line in try PageDecodeBench.run() { print(line) }
print("\n## Thumbnails")
for line in try ThumbnailBench.run() { print(line) }
print("\n## Frames")
for line in try await FrameBench.run() { print(line) }
print("\n## Graphics (sixel, kitty, iTerm2)")
for line in try GraphicsBench.run() { print(line) }
print("\n(took \(ContinuousClock.now - started))")
