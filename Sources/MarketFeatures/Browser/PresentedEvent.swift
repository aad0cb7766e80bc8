/// An answer for a feature on the presentation stack, addressed to the one it is for. The browser
/// offers it to every layer, top first; a layer it is not for says `.notMine`, and one that has closed
/// since the request went out is simply not there (the answer is dropped).
public enum PresentedEvent: Sendable, Equatable {
    /// For the form of `mode`: a registration's, or the edit of one product.
    case form(ProductFormState.Mode, ProductFormState.Event)
    /// For every open detail of product `id`.
    case detail(id: Int, DetailState.Event)
    /// For the search line, while it is open.
    case search(SearchState.Event)
    /// For the palette, while it is open.
    case palette(PaletteState.Event)
}
