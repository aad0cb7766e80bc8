import Foundation

/// The demo market: several vendors (one of them "demo", whose credentials are kept in the database
/// and in the data directory so they can be printed at every start), 132 products with Korean and
/// English names, KRW and USD prices, discounts, sold-out items and 1–5 pictures each — every product
/// one of the objects of `DemoObject.all`, pictured like a shop photo.
///
/// Seeding writes the rows only, in one transaction: the catalog is in the store whole or not at all.
/// The pictures' paths are fixed by the catalog (`DemoPictureName`); their files are made later, on
/// first request or by `DemoPictureFiller`, by `DemoPictureMaker`.
public struct DemoCatalog: Sendable {
    /// Where the demo vendor's credentials are kept (the data directory).
    public let directory: URL
    /// How many products the catalog has.
    public var productCount = 132
    /// What every name, price and picture is drawn from: one seed, one catalog.
    public var seed: UInt64 = 0x0A11_CE5E_ED00_2022

    /// The catalog whose demo vendor's credentials are kept in `directory`.
    public init(directory: URL, productCount: Int = 132, seed: UInt64 = 0x0A11_CE5E_ED00_2022) {
        self.directory = directory
        self.productCount = productCount
        self.seed = seed
    }

    /// One product of the catalog, before it is stored.
    public struct Item: Equatable, Sendable {
        /// Index into `vendorNames`.
        public var vendor: Int
        /// The product's name, in Korean or English.
        public var name: String
        /// Letters for the drawn placeholder when the font is missing.
        public var initials: String
        /// One to three paragraphs, the shelf in front.
        public var description: String
        /// `KRW` or `USD`.
        public var currency: String
        /// The list price.
        public var price: Decimal
        /// The discount amount.
        public var discountedPrice: Decimal
        /// How many are left (0: sold out).
        public var stock: Int
        /// 1 to 5.
        public var pictureCount: Int
        /// Whether the first picture is stored as a PNG (the others are JPEGs).
        public var pngFirst: Bool
        /// Index into `DemoObject.all`.
        public var object: Int
        /// Other objects of the same shelf, for the "in use" picture.
        public var companions: [Int]
        /// The hue (0…1) of the first picture's backdrop.
        public var hue: Double
    }

    /// The vendors, in the order they are stored (the first is the demo vendor).
    public static let vendorNames = ["demo", "야곰상회", "Seoul Crafts", "Busan Fresh", "Blue Hill Goods"]

    /// The catalog's products, oldest first (so the last is the newest and listed first).
    public func items() -> [Item] {
        var random = SeededRandom(seed: seed)
        let objects = DemoObject.all
        var order = Array(objects.indices)
        order.shuffle(using: &random)
        var used: [Int: Int] = [:]
        return (0..<productCount).map { index in
            let objectIndex = order[index % order.count]
            let object = objects[objectIndex]
            let repeatCount = used[objectIndex, default: 0]
            used[objectIndex] = repeatCount + 1
            let english = random.chance(0.5)
            var adjectives = object.category.adjectives
            adjectives.shuffle(using: &random)
            let adjective = adjectives[repeatCount % adjectives.count]
            let name = english ? "\(adjective.en) \(object.en)" : "\(adjective.ko) \(object.ko)"
            let usd = random.chance(0.35)
            // Money in whole minor units (cents, won), then exact decimals: $19.99 is exactly 19.99.
            let dollars = Int.random(in: object.dollars, using: &random)
            let price = usd ? (random.chance(0.6) ? dollars * 100 - 1 : dollars * 100) : dollars * 1300
            var discount = 0
            if random.chance(0.3) {
                let percent = Int.random(in: 5...50, using: &random)
                // Cents rounded half up; won rounded half up to hundreds.
                discount = usd ? (price * percent + 50) / 100 : (price * percent + 5_000) / 10_000 * 100
            }
            let stock = random.chance(0.15) ? 0 : Int.random(in: 1...500, using: &random)
            let shelf = objects.indices.filter { objects[$0].category == object.category && $0 != objectIndex }
            var companions = shelf
            companions.shuffle(using: &random)
            return Item(
                // The newest product is the demo vendor's, so that a visitor can edit the first one they see.
                vendor: index % 7 == 0 || index == productCount - 1
                    ? 0 : Int.random(in: 0..<Self.vendorNames.count, using: &random),
                name: index % 11 == 5 ? (english ? "\(name) Set" : "\(name) 세트") : name,
                initials: String(adjective.en.prefix(1) + object.en.prefix(1)).uppercased(),
                description: description(for: object, english: english, random: &random),
                currency: usd ? "USD" : "KRW", price: Self.money(price, cents: usd),
                discountedPrice: Self.money(discount, cents: usd), stock: stock,
                pictureCount: Int.random(in: 1...5, using: &random), pngFirst: index % 9 == 4,
                object: objectIndex, companions: Array(companions.prefix(2)),
                hue: (Double(index) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1))
        }
    }

    /// An amount of whole minor units as an exact decimal: cents for USD, won for KRW.
    private static func money(_ units: Int, cents: Bool) -> Decimal {
        cents ? Decimal(sign: .plus, exponent: -2, significand: Decimal(units)) : Decimal(units)
    }

    private func description(for object: DemoObject, english: Bool, random: inout SeededRandom) -> String {
        let paragraphs = random.pick([1, 1, 1, 2, 3, 4])
        let noun = english ? object.en.lowercased() : object.ko
        let shelf = english ? object.category.englishSentences : object.category.koreanSentences
        let general = english ? Self.englishSentences : Self.koreanSentences
        var text: [String] = []
        for p in 0..<paragraphs {
            let count = p == 0 && paragraphs == 1 && random.chance(0.4) ? 1 : Int.random(in: 2...4, using: &random)
            let paragraph = (0..<count).map { n in
                random.pick(p == 0 && n == 0 ? shelf : general).replacingOccurrences(of: "%", with: noun)
            }
            text.append(paragraph.joined(separator: " "))
        }
        // The shelf in front, as Korean market listings do it: "[주방] …".
        text[0] = "[\(english ? object.category.en : object.category.ko)] " + text[0]
        return String(text.joined(separator: "\n\n").prefix(1000))
    }

    static let englishSentences = [
        "Well made, and it lasts for years.",
        "Barely used; comes with the original box.",
        "Ships within two business days from Seoul.",
        "It was a gift and has never left its wrapping.",
        "Light scratches on the back, otherwise in great shape.",
        "Perfect for a small apartment or a busy office.",
        "Colours may look slightly different on your screen.",
        "We test every piece before it leaves the workshop, and we answer every question within a day.",
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
