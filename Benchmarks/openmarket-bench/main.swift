import Foundation

// The client benchmarks of `make bench`. Build in release: `swift build -c release`.
// `openmarket-bench graphics` (or pages, thumbnails, frames, edits, palette) runs one section.
let started = ContinuousClock.now
let only = CommandLine.arguments.dropFirst().first?.lowercased()
func wanted(_ section: String) -> Bool { only == nil || only == section }
print("# openmarket client benchmarks — \(Date()) — \(ProcessInfo.processInfo.activeProcessorCount) cores")
if wanted("pages") {
    print("\n## Pages")
    for line in try PageDecodeBench.run() { print(line) }
}
if wanted("thumbnails") {
    print("\n## Thumbnails")
    for line in try ThumbnailBench.run() { print(line) }
}
if wanted("frames") {
    print("\n## Frames")
    for line in try await FrameBench.run() { print(line) }
}
if wanted("edits") {
    print("\n## An edit on screen")
    for line in try await EditBench.run() { print(line) }
}
if wanted("palette") {
    print("\n## The command palette")
    for line in try PaletteBench.run() { print(line) }
}
if wanted("graphics") {
    print("\n## Graphics (sixel, kitty, iTerm2, half blocks in 256 colours and true colour)")
    for line in try GraphicsBench.run() { print(line) }
}
print("\n(took \(ContinuousClock.now - started))")
