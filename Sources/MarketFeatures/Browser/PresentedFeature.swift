import Localization
import ImagePipeline
import TerminalUI

/// A feature shown over the browser — the detail, the form, a question, the help, the search line. It
/// takes input first, draws over what is below, and names its keys. The browser keeps these on one
/// stack (`BrowserState.presented`): the top one gets input, they draw bottom to top, and the hints
/// are those of the topmost that has any. A new one is a type conforming to this (in a folder of its own,
/// with its widget) and one case of `Presentation` with its arm in `feature`.
protocol PresentedFeature: Sendable {
    /// Itself as a layer of the stack: its one case of `Presentation`.
    var presented: Presentation { get }
    /// Whether it takes the whole content area (what is below is not drawn).
    var coversContent: Bool { get }
    /// Whether it takes the whole window, title, status and hint lines too (the picture window).
    var coversScreen: Bool { get }
    /// What it waits for, for the status line beside the spinner ("saving…"); nil when it waits for nothing.
    var activity: Activity? { get }
    /// Whether it takes every key (nothing reaches the browser's own keys, and the status line's notice stays).
    var isModal: Bool { get }
    /// What a key or a click does; `.notMine` passes it to the browser's own keys.
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction>
    /// Takes an answer of the runtime's addressed to it (its case of `PresentedEvent`); `.notMine` for any other.
    mutating func receive(_ event: PresentedEvent, context: PresentationContext) -> Outcome<PresentationAction>
    /// What draws it, over the area below the title line and above the status line.
    func widget(_ context: RenderContext) -> any Widget
    /// Its key hints, or nil to show those of what is below.
    func hints(_ context: RenderContext) -> [KeyHint]?
    /// Its own status line (the search line's prompt), or nil for the browser's.
    func statusLine(_ context: RenderContext) -> (any Widget)?
}

extension PresentedFeature {
    var coversContent: Bool { false }
    var coversScreen: Bool { false }
    var activity: Activity? { nil }
    var isModal: Bool { false }
    func hints(_ context: RenderContext) -> [KeyHint]? { nil }
    mutating func receive(_ event: PresentedEvent, context: PresentationContext) -> Outcome<PresentationAction> { .notMine }
    func statusLine(_ context: RenderContext) -> (any Widget)? { nil }
}

/// Input for a presented feature.
enum PresentedInput: Sendable, Equatable {
    case key(KeyEvent)
    case mouse(MouseEvent)
}

/// What a presented feature may know of the browser when it handles input.
struct PresentationContext: Sendable {
    /// How many rows a page key scrolls.
    var pageRows: Int
    /// The screen's rows and columns.
    var screenRows = 24
    var screenColumns = 80
    /// The palette pictures are rendered in (for the form's previews).
    var palette: PaletteKind
    /// Which keys do what.
    var keymap: Keymap = .standard
    /// The language its messages are written in.
    var language: Language = .english
    /// The wish list (its view reads the products from here).
    var wishes = WishesState()
    /// What "about this market" says, while it is on top (worked out only then).
    var about: AboutFacts?
}
