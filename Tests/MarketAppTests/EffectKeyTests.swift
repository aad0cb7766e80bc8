import ImagePipeline
import MarketFeatures
import OpenMarketAPI
import Testing

@testable import MarketApp

@Suite("The runtime's key for each effect")
struct EffectKeyTests {
    @Test("a layer's work runs under the layer that asked for it (its owner), the browser's own under its kind, a copy or a quit under none")
    func keys() {
        let picture = BrowserEffect.preparePicture(
            path: "/tmp/c.jpg", preview: PreviewSize(columns: 4, rows: 2), palette: .xterm256)
        let expected: [(BrowserEffect, EffectKey?)] = [
            (.loadDetail(id: 4), .layer(.detail(productID: 4), .detail)),
            (.loadFormImages(id: 7), .layer(.form(.edit(productID: 7)), .images)),
            (.completePath("/tmp/c"), .layer(.form(.register), .completion)),
            (picture, .layer(.form(.register), .picture(path: "/tmp/c.jpg"))),
            (.scheduleSearch(generation: 2, after: .milliseconds(300)), .layer(.search, .debounce)),
            (.schedulePaletteSearch(generation: 1, after: .milliseconds(400)), .layer(.palette, .debounce)),
            (.searchPalette(query: "mu", generation: 1), .layer(.palette, .search)),
            (.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), .page),
            (.pollFirstPage(itemsPerPage: 20, search: "mug"), .poll),
            (.registerProduct(NewProduct(name: "Mug", description: "d", price: 1, currency: .krw), pictures: []), .register),
            (.updateProduct(id: 9, changes: ProductChanges(stock: 2)), .update(id: 9)),
            (.deleteProduct(id: 4), .delete(id: 4)),
            (.checkWishes(ids: [1, 2]), .wishCheck),
            (.saveWishList([], generation: 3), .wishSave(generation: 3)),
            (.copy("text"), nil),
            (.quit, nil),
        ]
        for (effect, key) in expected {
            #expect(EffectKey(effect) == key, "\(effect)")
        }
    }
}
