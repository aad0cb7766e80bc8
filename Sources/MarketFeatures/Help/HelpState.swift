/// The key bindings over the screen. Where they do not all fit (80×24 holds 18), ↑↓ (and the page keys)
/// scroll them; any other key or a click closes it.
public struct HelpState: Sendable, Equatable, PresentedFeature {
    var presented: Presentation { .help(self) }

    /// The first row shown.
    public var offset = 0

    public init(offset: Int = 0) {
        self.offset = offset
    }

    var isModal: Bool { true }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        guard case .key(let key) = input else { return .handled([.dismiss]) }
        let most = max(0, HelpWidget.rowCount - HelpWidget.visibleRows(screenRows: context.screenRows))
        guard most > 0 else { return .handled([.dismiss]) }
        guard let scrolled = BoxScroll.offset(offset, after: context.keymap.action(for: key, in: .list), most: most) else {
            return .handled([.dismiss])
        }
        offset = scrolled
        return .handled([])
    }
}
