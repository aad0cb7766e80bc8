public import Localization
import Foundation
public import MarketFeatures
public import TerminalUI
public import OpenMarketAPI

/// How the browser runs: polling, colours, glyphs.
public struct BrowserConfiguration: Sendable {
    /// How often page 1 is checked for new products.
    public var pollInterval: Duration
    /// The colour mode to start in; nil picks the best the terminal has.
    public var colorMode: ColorMode?
    /// The terminal is known to draw 24-bit colour (`COLORTERM`, or its answer): true colour is then the best.
    public var directColor = false
    /// Whether the terminal puts what `y` and `Y` copy on its clipboard, as its answers tell.
    public var clipboard: ClipboardSupport = .unknown
    /// ASCII instead of block and box-drawing characters.
    public var ascii: Bool
    /// The writer's products with this many or fewer in stock are marked low (0: none is).
    public var lowStock = 2
    /// Which keys do what (the settings file's `keys:` over the defaults).
    public var keymap: Keymap = .standard
    /// The theme the screen is drawn in.
    public var theme: ThemeName = .dark
    /// The theme is `auto`: it follows the terminal's colour-scheme reports (mode 2031) while the browser runs.
    public var themeFollowsTerminal = false
    /// The language every screen and message is written in.
    public var language: Language = .english
    /// A theme of the user's, drawn instead (over its base, `theme`).
    public var customTheme: CustomTheme?
    /// Whether `colorMode` was remembered from another start (perhaps in another terminal): then a mode the
    /// terminal cannot show gives way to the best it can.
    public var colorModeRemembered = false
    /// Products per page request.
    public var itemsPerPage: Int
    /// What the title line says the server is.
    public var serverLabel: String
    /// The market's address, for products' links.
    public var marketURL = ""
    /// The market's local socket its changes are read from (`ChangeSocketReader`); nil: over HTTP.
    public var changeSocket: String?
    /// The vendor identity writes are made with (nil: browsing only).
    public var identity: VendorIdentity?
    /// The writer's numeric vendor id, when known, so the browser can tell which products are its own.
    public var writerVendorID: Int?
    /// Why writes are off, for a read-only demo; nil when they are allowed.
    public var readOnlyNotice: String?
    /// Where picture files may be taken from: nil, anywhere the user can read (their own machine); an SSH
    /// visitor's browser, only their upload folder on the server (`PictureFolder`).
    public var pictureFolder: PictureFolder?
    /// How products are laid out at start (`v` toggles).
    public var layout: LayoutKind = .list
    /// A product to open at start.
    public var openProduct: Int?
    /// How pictures are drawn: the terminal's own graphics where it has them (kitty, sixel, iTerm2), half
    /// blocks, or not at all.
    public var pictures: PictureMode = .blocks
    /// Kitty pictures through tmux's passthrough, shown by Unicode placeholders (asked for inside tmux).
    public var picturesThroughTmux = false
    /// One cell in pixels, for pictures drawn as graphics (without it they are half blocks).
    public var cellPixels: PixelSize?
    /// Sixel colour registers the terminal has (its palette's limit).
    public var sixelColors = 256
    /// Where the wish list is kept (nil: for the session only).
    public var wishList: (any WishListStore)?
    /// Called once, when the first frame with products has been handed to the terminal.
    public var onFirstProducts: (@Sendable () -> Void)?
    /// Called at exit with what the picture caches held (a benchmark figure).
    public var onPictureMemory: (@Sendable (String) -> Void)?
    /// Called once, the first time every picture on screen has been drawn (a benchmark figure).
    public var onFirstPictures: (@Sendable () -> Void)?
    /// The loop's turns for a test that steps it (nil in the live runtime).
    public var watch: LoopWatch?

    public init(
        pollInterval: Duration = .seconds(10), colorMode: ColorMode? = nil, ascii: Bool = false, itemsPerPage: Int = 20,
        serverLabel: String = ""
    ) {
        self.pollInterval = pollInterval
        self.colorMode = colorMode
        self.ascii = ascii
        self.itemsPerPage = itemsPerPage
        self.serverLabel = serverLabel
    }
}
