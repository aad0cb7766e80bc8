import Foundation
import ImageCodec

/// The demo market: several vendors (one of them "demo", whose credentials are kept in the data
/// directory so they can be printed at every start), 132 products with Korean and English names,
/// KRW and USD prices, discounts, sold-out items and 1–5 generated pictures each.
struct DemoCatalog {
    let directory: URL
    var productCount = 132
    var seed: UInt64 = 0x0A11_CE5E_ED00_2022

    var credentialsFile: URL { directory.appendingPathComponent("demo-vendor.json") }

    /// The demo vendor's credentials if the catalog was seeded into this directory.
    func savedCredentials() -> VendorCredentials? {
        guard let data = try? Data(contentsOf: credentialsFile) else { return nil }
        return try? JSONDecoder().decode(VendorCredentials.self, from: data)
    }

    /// One product of the catalog, before it is stored.
    struct Item: Equatable {
        var vendor: Int
        var name: String
        var initials: String
        var description: String
        var currency: String
        var price: Double
        var discountedPrice: Double
        var stock: Int
        var pictureCount: Int
        var pngFirst: Bool
    }

    static let vendorNames = ["demo", "야곰상회", "Seoul Crafts", "Busan Fresh", "Blue Hill Goods"]

    /// The catalog's products, oldest first (so the last is the newest and listed first).
    func items() -> [Item] {
        var random = SeededRandom(seed: seed)
        return (0..<productCount).map { index in
            let english = random.chance(0.5)
            let noun = random.pick(Self.nouns)
            let adjective = random.pick(Self.adjectives)
            let name = english ? "\(adjective.en) \(noun.en)" : "\(adjective.ko) \(noun.ko)"
            let initials = String(adjective.en.prefix(1) + noun.en.prefix(1)).uppercased()
            let usd = random.chance(0.35)
            let price: Double =
                usd
                ? Double(Int.random(in: 99...250_000, using: &random)) / 100
                : Double(Int.random(in: 5...20_000, using: &random) * 100)
            var discount = 0.0
            if random.chance(0.3) {
                let fraction = Double(Int.random(in: 5...50, using: &random)) / 100
                discount = usd ? (price * fraction * 100).rounded() / 100 : (price * fraction / 100).rounded() * 100
            }
            let stock = random.chance(0.15) ? 0 : Int.random(in: 1...500, using: &random)
            return Item(
                vendor: index % 7 == 0 ? 0 : Int.random(in: 0..<Self.vendorNames.count, using: &random),
                name: index % 11 == 5 ? (english ? "\(name) Set" : "\(name) 세트") : name,
                initials: initials,
                description: description(for: noun, english: english, random: &random),
                currency: usd ? "USD" : "KRW", price: price, discountedPrice: discount, stock: stock,
                pictureCount: Int.random(in: 1...5, using: &random), pngFirst: index % 9 == 4)
        }
    }

    private func description(for noun: Noun, english: Bool, random: inout SeededRandom) -> String {
        let paragraphs = random.pick([1, 1, 1, 2, 3, 4])
        let sentences = english ? Self.englishSentences : Self.koreanSentences
        var text: [String] = []
        for p in 0..<paragraphs {
            let count = p == 0 && paragraphs == 1 && random.chance(0.4) ? 1 : Int.random(in: 2...4, using: &random)
            let paragraph = (0..<count).map { _ in
                random.pick(sentences).replacingOccurrences(of: "%", with: english ? noun.en.lowercased() : noun.ko)
            }
            text.append(paragraph.joined(separator: " "))
        }
        return String(text.joined(separator: "\n\n").prefix(1000))
    }

    /// Stores vendors, pictures and products; returns the demo vendor's credentials.
    func seed(products: ProductStore, vendors: VendorStore, pictures: PictureStore, now: Date) async throws
        -> VendorCredentials
    {
        var credentials: [VendorCredentials] = []
        for name in Self.vendorNames {
            credentials.append(try vendors.add(name: name))
        }
        let painter = DemoPicturePainter()
        let encoder = ImageEncoder()
        let thumbnails = ThumbnailMaker()
        for (index, item) in items().enumerated() {
            let vendor = credentials[item.vendor]
            let date = now.addingTimeInterval(Double(index - productCount) * 3600)
            var saved: [SavedPicture] = []
            for picture in 0..<item.pictureCount {
                let image = painter.paint(
                    initials: item.initials, index: picture, of: item.pictureCount,
                    seed: seed &+ UInt64(index * 16 + picture))
                let png = item.pngFirst && picture == 0
                let bytes = png ? try encoder.png(image) : try encoder.jpeg(image, quality: 85)
                saved.append(
                    try pictures.save(
                        original: bytes, format: png ? .png : .jpeg, thumbnail: try thumbnails.thumbnail(of: bytes),
                        vendorID: vendor.id, date: date))
            }
            _ = try await products.insert(
                NewProduct(
                    vendorID: vendor.id, name: item.name, description: item.description, price: item.price,
                    discountedPrice: item.discountedPrice, stock: item.stock, currency: item.currency),
                pictures: saved, at: date)
        }
        let demo = credentials[0]
        let data = try JSONEncoder().encode(demo)
        FileManager.default.createFile(
            atPath: credentialsFile.path, contents: data, attributes: [.posixPermissions: 0o600])
        return demo
    }

    struct Noun {
        var en: String
        var ko: String
    }

    struct Adjective {
        var en: String
        var ko: String
    }

    static let nouns: [Noun] = [
        Noun(en: "Mug", ko: "머그컵"), Noun(en: "Keyboard", ko: "키보드"), Noun(en: "Backpack", ko: "백팩"),
        Noun(en: "Lamp", ko: "조명"), Noun(en: "Notebook", ko: "공책"), Noun(en: "Sneakers", ko: "운동화"),
        Noun(en: "Teapot", ko: "찻주전자"), Noun(en: "Headphones", ko: "헤드폰"), Noun(en: "Umbrella", ko: "우산"),
        Noun(en: "Kimchi", ko: "김치"), Noun(en: "Rice Cooker", ko: "밥솥"), Noun(en: "Scarf", ko: "목도리"),
        Noun(en: "Watch", ko: "손목시계"), Noun(en: "Plant", ko: "화분"), Noun(en: "Camera", ko: "카메라"),
        Noun(en: "Bicycle", ko: "자전거"), Noun(en: "Pen", ko: "만년필"), Noun(en: "Blanket", ko: "담요"),
        Noun(en: "Speaker", ko: "스피커"), Noun(en: "Wallet", ko: "지갑"), Noun(en: "Tumbler", ko: "텀블러"),
        Noun(en: "Desk", ko: "책상"), Noun(en: "Candle", ko: "향초"), Noun(en: "Green Tea", ko: "녹차"),
    ]

    static let adjectives: [Adjective] = [
        Adjective(en: "Vintage", ko: "빈티지"), Adjective(en: "Handmade", ko: "수제"),
        Adjective(en: "Compact", ko: "미니"), Adjective(en: "Classic", ko: "클래식"),
        Adjective(en: "Wireless", ko: "무선"), Adjective(en: "Organic", ko: "유기농"),
        Adjective(en: "Premium", ko: "프리미엄"), Adjective(en: "Cozy", ko: "포근한"),
        Adjective(en: "Blue", ko: "파란"), Adjective(en: "Jeju", ko: "제주"), Adjective(en: "Retro", ko: "레트로"),
        Adjective(en: "Light", ko: "가벼운"), Adjective(en: "Smart", ko: "스마트"), Adjective(en: "Seoul", ko: "서울"),
    ]

    static let englishSentences = [
        "A well-made % that lasts for years.",
        "Barely used; comes with the original box.",
        "Ships within two business days from Seoul.",
        "This % was a gift and has never left its wrapping.",
        "Light scratches on the back, otherwise in great shape.",
        "Perfect for a small apartment or a busy office.",
        "Colours may look slightly different on your screen.",
        "We test every % before it leaves the workshop, and we answer every question within a day.",
        "Limited run: when it is gone, it is gone.",
        "Includes a one-year warranty and free returns within 14 days.",
    ]

    static let koreanSentences = [
        "오래 쓸 수 있는 튼튼한 %입니다.",
        "거의 사용하지 않았고 박스까지 모두 있습니다.",
        "서울에서 영업일 기준 이틀 안에 발송해 드립니다.",
        "선물 받은 %인데 포장도 뜯지 않았어요.",
        "뒷면에 작은 흠집이 있지만 상태는 아주 좋습니다.",
        "작은 방이나 사무실에 두기 딱 좋은 크기예요.",
        "화면에 따라 색상이 조금 다르게 보일 수 있습니다.",
        "모든 % 상품은 출고 전에 하나하나 검수하고, 문의에는 하루 안에 답변드립니다.",
        "한정 수량으로 준비했습니다.",
        "1년 무상 보증과 14일 이내 무료 반품이 가능합니다.",
    ]
}
