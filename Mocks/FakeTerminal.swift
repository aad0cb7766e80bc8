import NIOConcurrencyHelpers
import Synchronization
import TerminalUI

/// A terminal for runtime tests: the test types into it and reads the frames it was shown.
public final class FakeTerminal: TerminalBackend {
    public let inputs: AsyncStream<TerminalInput>
    private let continuation: AsyncStream<TerminalInput>.Continuation
    private let frames = NIOLockedValueBox<[Canvas]>([])
    private let shownGraphics = NIOLockedValueBox<[GraphicPlacement]>([])
    private let copies = NIOLockedValueBox<[String]>([])
    public let colors: Int
    public let size: (columns: Int, rows: Int)

    public init(columns: Int = 120, rows: Int = 40, colors: Int = 256) {
        (inputs, continuation) = AsyncStream.makeStream(of: TerminalInput.self)
        self.colors = colors
        size = (columns, rows)
    }

    public func start() {}

    public func present(_ canvas: Canvas) {
        present(canvas, graphics: [])
    }

    public func present(_ canvas: Canvas, graphics: [GraphicPlacement]) {
        shownGraphics.withLockedValue { $0 = graphics }
        frames.withLockedValue { $0.append(canvas) }
    }

    public func stop() async {
        continuation.finish()
    }

    public func copy(_ text: String) {
        copies.withLockedValue { $0.append(text) }
    }

    /// What was copied to the clipboard, in order.
    public var copied: [String] { copies.withLockedValue { $0 } }

    /// Types input as if from the keyboard.
    public func type(_ input: TerminalInput) {
        continuation.yield(input)
    }

    /// The last frame shown.
    public var lastFrame: Canvas? { frames.withLockedValue { $0.last } }

    /// The pictures the last frame drew as graphics.
    public var lastGraphics: [GraphicPlacement] { shownGraphics.withLockedValue { $0 } }

    /// How many frames were shown.
    public var frameCount: Int { frames.withLockedValue { $0.count } }
}
