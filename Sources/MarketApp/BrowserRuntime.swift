import Foundation
import ImageCodec
public import ImagePipeline
import MarketFeatures
public import OpenMarketAPI
public import TerminalUI

/// Runs the browser: one loop owns the state. Terminal input, network results and timers arrive as
/// events on one queue; a batch of events is handled by the view model, the effects it returns run
/// as tasks, and then one frame is drawn and handed to the terminal. Pictures come through the image
/// cache; loads for pictures no longer on screen are cancelled.
public final class BrowserRuntime: Sendable {
    enum Event: Sendable {
        case browser(BrowserEvent)
        case imageLoaded(ImageCacheKey, CellImage)
        case imageFailed(ImageCacheKey)
        case graphicLoaded(GraphicsPictures.Source, PixelImage)
        case graphicFailed(GraphicsPictures.Source)
        /// A failed picture is due to be asked for again: draw a frame.
        case picturesDue
        case terminalClosed
    }

    let client: OpenMarketClient
    let terminal: any TerminalBackend
    let cache: ImageCache
    let configuration: BrowserConfiguration
    let clock: any Clock<Duration>

    public init(
        client: OpenMarketClient, terminal: any TerminalBackend, configuration: BrowserConfiguration,
        cache: ImageCache? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.client = client
        self.terminal = terminal
        self.configuration = configuration
        self.clock = clock
        self.cache =
            cache
            ?? ImageCache(totalCostLimit: 32 << 20, countLimit: 4_000) { key in
                let bytes = try await client.data(from: key.url)
                try Task.checkCancellation()
                return try ThumbnailRenderer(palette: key.palette).render(bytes, columns: key.columns, rows: key.rows)
            }
    }

    /// What the user changed during the session (`v`, `p`, `c`), as it was left at exit: the choices a next
    /// start may begin from. Nil for what was not changed — a value that came from an option, the
    /// environment or the terminal is not the user's choice to keep.
    public struct LeftChoices: Sendable, Equatable {
        public var layout: LayoutKind?
        public var pictures: PictureMode?
        public var colors: ColorMode?

        public init(layout: LayoutKind? = nil, pictures: PictureMode? = nil, colors: ColorMode? = nil) {
            self.layout = layout
            self.pictures = pictures
            self.colors = colors
        }
    }

    /// Runs until the user quits or the terminal closes, and returns the choices it was left with. The
    /// terminal is started and stopped here.
    @discardableResult
    public func run() async -> LeftChoices {
        terminal.start()
        let size = terminal.size
        let best = ColorMode.best(forColors: terminal.colors, direct: configuration.directColor)
        var colorMode = configuration.colorMode ?? best
        if configuration.colorModeRemembered, colorMode.colorsNeeded > terminal.colors { colorMode = best }
        var state = BrowserState(
            size: ScreenSize(columns: size.columns, rows: size.rows),
            colorMode: colorMode,
            maxColors: terminal.colors, itemsPerPage: configuration.itemsPerPage,
            serverLabel: configuration.serverLabel)
        if configuration.identity != nil, configuration.readOnlyNotice == nil {
            state.writer = WriterIdentity(vendorID: configuration.writerVendorID)
        }
        state.ascii = configuration.ascii
        state.lowStock = configuration.lowStock
        state.terminalCursor = terminal.showsCursor
        state.keymap = configuration.keymap
        state.language = configuration.language
        state.marketURL = configuration.marketURL
        state.clipboard = configuration.clipboard
        state.themeName = configuration.theme
        state.themeFollowsTerminal = configuration.themeFollowsTerminal && configuration.customTheme == nil
        state.customTheme = configuration.customTheme
        state.readOnlyNotice = configuration.readOnlyNotice
        state.openProductAtStart = configuration.openProduct
        state.catalog.layoutKind = configuration.layout
        let wishes = configuration.wishList ?? SessionWishListStore()
        state.wishes = WishesState(place: wishes.place, phase: .reading(droppedMeanwhile: []))
        // The modes `p` steps through: the terminal's graphics (when it has them), half blocks, none.
        let graphics = configuration.pictures.isGraphics && configuration.cellPixels != nil
        state.pictureModes = (graphics ? [configuration.pictures] : []) + [.blocks, .off]
        state.pictureMode = graphics || configuration.pictures == .off ? configuration.pictures : .blocks
        let started = (state.catalog.layoutKind, state.pictureMode, state.colorMode)
        var loop = Loop(runtime: self, wishes: wishes)
        // On the terminal's own thread when it has one (a key handled and drawn without a thread switch).
        await withTaskExecutorPreference(terminal.executor) { await loop.run(&state) }
        await terminal.stop()
        return LeftChoices(
            layout: state.catalog.layoutKind == started.0 ? nil : state.catalog.layoutKind,
            pictures: state.pictureMode == started.1 ? nil : state.pictureMode,
            colors: state.colorMode == started.2 ? nil : state.colorMode)
    }
}
