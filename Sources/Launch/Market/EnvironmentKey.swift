/// The environment keys a browser reads. `openmarket ssh` sets the first four for each visitor (and the
/// wish-list owner and picture folder); a user may set any of them.
public enum EnvironmentKey {
    /// A vendor's identifier for writes (with `secret`).
    public static let identifier = "OPENMARKET_IDENTIFIER"
    /// A vendor's secret for writes.
    public static let secret = "OPENMARKET_SECRET"
    /// The vendor's numeric id, so that the browser knows its own products.
    public static let vendorID = "OPENMARKET_VENDOR_ID"
    /// Why writes are off (a read-only demo); writes are off whenever it is set and not empty.
    public static let readOnly = "OPENMARKET_READ_ONLY"
    /// Pictures: auto, kitty, sixel, iterm, blocks or off (`--pictures` wins).
    public static let pictures = "OPENMARKET_PICTURES"
    /// Colours to start with (`--colors` and `--no-color` win).
    public static let colors = "OPENMARKET_COLORS"
    /// Any non-empty value turns colours off (no-color.org), unless `--colors` asks for some.
    public static let noColor = "NO_COLOR"
    /// The theme: auto, dark, light or high-contrast (`--theme` wins).
    public static let theme = "OPENMARKET_THEME"
    /// The interface's language, as `--lang` takes it (over the file's `lang` and the locale).
    public static let lang = "OPENMARKET_LANG"
    /// Where the wish list is kept: unset, a file per market in the data directory; empty, for the session
    /// only; otherwise the market keeps it under this owner name (`openmarket ssh` sets it per visitor).
    public static let wishListOwner = "OPENMARKET_WISHLIST_OWNER"
    /// The only folder picture files may come from (`openmarket ssh` sets it per vendor key); unset: anywhere.
    public static let pictureFolder = "OPENMARKET_PICTURE_FOLDER"
}
