import Foundation
import ImageCodec
import MarketDemo
import Testing

@testable import MarketServer

@Suite("Demo art: objects, shots, pictures")
struct DemoArtTests {
    static let drawings = DemoDrawings()

    @Test("every demo object is a different drawing the real font has")
    func objectsHaveDrawings() throws {
        #expect(Set(DemoObject.all.map(\.scalar)).count == DemoObject.all.count)
        #expect(DemoObject.all.count >= 100)
        for object in DemoObject.all {
            let drawing = try #require(Self.drawings.drawing(of: object.scalar), "\(object.en)")
            #expect(drawing.width >= 40 && drawing.height >= 40, "\(object.en): \(drawing.width)×\(drawing.height)")
            #expect(drawing.visibleBounds?.width == drawing.width, "trimmed to what is visible")
        }
    }

    @Test("the catalog: names, shelf and price fit the object; no two products have the same first picture")
    func catalogFitsObjects() throws {
        let catalog = DemoCatalog(directory: URL(fileURLWithPath: "/nonexistent"))
        let items = catalog.items()
        #expect(items.count == 132)
        #expect(items == catalog.items(), "deterministic")
        let maker = DemoPictureMaker(
            catalog: catalog, drawings: Self.drawings, pictures: try DirectoryPictureStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("demo-art-\(UUID())")))
        var firstShots: [DemoPhotoComposer.Shot] = []
        for item in items {
            let object = DemoObject.all[item.object]
            #expect(item.name.contains(object.en) || item.name.contains(object.ko), "\(item.name) is a \(object.en)")
            #expect(item.description.hasPrefix("[\(object.category.en)]") || item.description.hasPrefix("[\(object.category.ko)]"))
            let dollars = item.currency == "USD" ? item.price : item.price / 1300
            #expect(
                dollars >= Decimal(object.dollars.lowerBound - 1) && dollars <= Decimal(object.dollars.upperBound + 1),
                "\(item.name): \(item.price) \(item.currency)")
            let cents = item.currency == "USD" ? 2 : 0
            #expect(
                -item.price.exponent <= cents && -item.discountedPrice.exponent <= cents,
                "\(item.price) \(item.currency)")
            #expect(item.discountedPrice >= 0 && item.discountedPrice <= item.price)
            for companion in item.companions { #expect(DemoObject.all[companion].category == object.category) }
            let shot = maker.shot(of: item, picture: 0)
            #expect(!firstShots.contains(shot), "\(item.name) repeats another product's first picture")
            firstShots.append(shot)
        }
        #expect(Set(items.map(\.object)).count >= 120, "nearly every product a different object")
    }

    @Test("composing is deterministic; the pictures of one product differ from each other and from another product's")
    func composer() throws {
        let catalog = DemoCatalog(directory: URL(fileURLWithPath: "/nonexistent"))
        let maker = DemoPictureMaker(
            catalog: catalog, drawings: Self.drawings, pictures: try DirectoryPictureStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("demo-art-\(UUID())")))
        let index = try #require(maker.items.firstIndex { $0.pictureCount == 5 })
        let pictures = (0..<5).map { maker.picture(DemoPictureName(seed: catalog.seed, product: index, picture: $0)) }
        #expect(pictures[0] == maker.picture(DemoPictureName(seed: catalog.seed, product: index, picture: 0)))
        #expect(Set(pictures.map(\.pixels)).count == 5)
        for picture in pictures { #expect(picture.width == 640 && picture.height == 480) }
        let other = maker.picture(DemoPictureName(seed: catalog.seed, product: (index + 1) % 132, picture: 0))
        #expect(other != pictures[0])
        // A studio photo: the corners are the soft backdrop, the middle is the object (many colours).
        let hero = pictures[0]
        var middle = Set<RGB>()
        for y in stride(from: 150, to: 400, by: 5) { for x in stride(from: 200, to: 440, by: 5) { middle.insert(hero[x, y]) } }
        #expect(middle.count > 100)
        let corner = hero[5, 5]
        #expect(Int(corner.r) + Int(corner.g) + Int(corner.b) > 3 * 150, "a light backdrop")
    }

    @Test("names of demo pictures: made from catalog, product and picture, and read back; other names are not demo pictures")
    func names() {
        let name = DemoPictureName(seed: 0x0A11_CE5E_ED00_2022, product: 131, picture: 4)
        let saved = name.saved(vendorID: 3, date: Date(timeIntervalSince1970: 1_700_000_000), png: false)
        #expect(saved.originPath == "3/20231114/0a11ce5eed00202200000083" + "00000004_origin.jpg")
        #expect(PicturePath.format(of: saved.originPath) == .jpeg)
        #expect(DemoPictureName(path: saved.originPath, seed: name.seed) == name)
        #expect(DemoPictureName(path: saved.thumbnailPath, seed: name.seed) == name)
        #expect(DemoPictureName(path: saved.originPath, seed: 1) == nil, "another catalog")
        #expect(DemoPictureName(path: "3/20231114/" + String(repeating: "ab", count: 16) + "_origin.jpg", seed: name.seed) == nil)
        #expect(DemoPictureName(path: "../../etc/passwd", seed: name.seed) == nil)
    }

    @Test("without the font the pictures are drawn placeholders")
    func withoutFont() throws {
        let catalog = DemoCatalog(directory: URL(fileURLWithPath: "/nonexistent"))
        let maker = DemoPictureMaker(
            catalog: catalog, drawings: DemoDrawings(fontFile: URL(fileURLWithPath: "/nonexistent/font.ttf")),
            pictures: try DirectoryPictureStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("demo-art-\(UUID())")))
        let picture = maker.picture(DemoPictureName(seed: catalog.seed, product: 0, picture: 0))
        #expect(picture.width == 320 && picture.height == 240)
    }
}
