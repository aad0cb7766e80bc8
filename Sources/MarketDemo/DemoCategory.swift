/// A shelf of the demo shop: its name in both languages, the words that fit its products and the
/// sentences their descriptions are made of (`%` stands for the product's noun).
public struct DemoCategory: Sendable, Equatable {
    /// The shelf's English name.
    public var en: String
    /// The shelf's Korean name.
    public var ko: String
    /// Adjectives that make sense for this shelf, English and Korean.
    var adjectives: [(en: String, ko: String)]
    var englishSentences: [String]
    var koreanSentences: [String]

    /// Shelves are the same when their names are.
    public static func == (a: DemoCategory, b: DemoCategory) -> Bool { a.en == b.en }

    static let kitchen = DemoCategory(
        en: "Kitchen", ko: "주방",
        adjectives: [("Handmade", "수제"), ("Ceramic", "도자기"), ("Vintage", "빈티지"), ("Classic", "클래식"), ("Jeju", "제주")],
        englishSentences: [
            "Dishwasher safe and heavy enough not to tip over.", "Made in a small workshop in Icheon.",
            "Makes the morning a little slower, in a good way.",
        ],
        koreanSentences: ["식기세척기 사용이 가능합니다.", "이천의 작은 공방에서 만들었습니다.", "아침을 조금 더 여유롭게 만들어 주는 %입니다."])

    static let food = DemoCategory(
        en: "Food", ko: "식품",
        adjectives: [("Organic", "유기농"), ("Jeju", "제주"), ("Fresh", "신선한"), ("Homemade", "수제"), ("Farm", "농장")],
        englishSentences: [
            "Picked this week and shipped cold.", "Grown without pesticides on a family farm.",
            "Best within five days of arrival; keep refrigerated.",
        ],
        koreanSentences: ["이번 주에 수확해 냉장 배송합니다.", "가족 농장에서 농약 없이 키웠습니다.", "받으신 후 5일 안에 드시는 것이 가장 좋습니다."])

    static let electronics = DemoCategory(
        en: "Electronics", ko: "전자기기",
        adjectives: [("Wireless", "무선"), ("Compact", "미니"), ("Smart", "스마트"), ("Pro", "프로"), ("Retro", "레트로")],
        englishSentences: [
            "Charges over USB-C; a full charge lasts about a week.", "Tested and reset to factory settings.",
            "Pairs in seconds and remembers up to three devices.",
        ],
        koreanSentences: ["USB-C로 충전하며 한 번 충전하면 일주일쯤 씁니다.", "점검 후 공장 초기화를 마쳤습니다.", "몇 초면 연결되고 기기 세 대까지 기억합니다."])

    static let fashion = DemoCategory(
        en: "Fashion", ko: "패션",
        adjectives: [("Vintage", "빈티지"), ("Classic", "클래식"), ("Cozy", "포근한"), ("Everyday", "데일리"), ("Seoul", "서울")],
        englishSentences: [
            "True to size; see the last picture for the measurements.", "Washed once, never worn outside.",
            "Goes with almost everything.",
        ],
        koreanSentences: ["정사이즈로 나왔습니다.", "한 번 세탁했고 밖에서는 입지 않았습니다.", "어디에나 잘 어울리는 %입니다."])

    static let home = DemoCategory(
        en: "Home", ko: "리빙",
        adjectives: [("Cozy", "포근한"), ("Handmade", "수제"), ("Minimal", "미니멀"), ("Nordic", "북유럽"), ("Vintage", "빈티지")],
        englishSentences: [
            "Fits a small apartment and a big house alike.", "Every piece is finished by hand, so no two are the same.",
            "Wipe clean with a damp cloth.",
        ],
        koreanSentences: ["작은 원룸에도 넓은 집에도 잘 어울립니다.", "하나하나 손으로 마감해 모두 조금씩 다릅니다.", "젖은 천으로 닦아 주세요."])

    static let stationery = DemoCategory(
        en: "Books & Stationery", ko: "도서·문구",
        adjectives: [("Classic", "클래식"), ("Pocket", "포켓"), ("Premium", "프리미엄"), ("Vintage", "빈티지"), ("Study", "공부용")],
        englishSentences: [
            "Acid-free paper that does not yellow.", "Slips into a bag or a coat pocket.",
            "Made for the desk you actually work at.",
        ],
        koreanSentences: ["변색되지 않는 중성지를 썼습니다.", "가방이나 주머니에 쏙 들어갑니다.", "매일 쓰는 책상에 어울리는 %입니다."])

    static let sports = DemoCategory(
        en: "Sports & Outdoor", ko: "스포츠·아웃도어",
        adjectives: [("Light", "가벼운"), ("Pro", "프로"), ("Outdoor", "아웃도어"), ("Junior", "주니어"), ("Classic", "클래식")],
        englishSentences: [
            "Used for one season and kept indoors.", "Light enough to carry all day.",
            "Made for weekends on the Han River.",
        ],
        koreanSentences: ["한 시즌 사용했고 실내에 보관했습니다.", "하루 종일 들고 다녀도 가볍습니다.", "한강에서 주말을 보내기 좋은 %입니다."])

    static let music = DemoCategory(
        en: "Music & Hobby", ko: "음악·취미",
        adjectives: [("Vintage", "빈티지"), ("Beginner", "입문용"), ("Classic", "클래식"), ("Studio", "스튜디오"), ("Travel", "여행용")],
        englishSentences: [
            "Set up by a technician last month.", "Comes with a case and a spare set.",
            "A beginner will not outgrow it in a year.",
        ],
        koreanSentences: ["지난달 전문가에게 점검을 받았습니다.", "케이스와 여분 부품을 함께 드립니다.", "입문자가 1년은 거뜬히 쓸 %입니다."])

    static let tools = DemoCategory(
        en: "Tools", ko: "공구",
        adjectives: [("Heavy-duty", "튼튼한"), ("Compact", "미니"), ("Pro", "프로"), ("Classic", "클래식"), ("Workshop", "공방용")],
        englishSentences: [
            "Forged steel with a lifetime guarantee.", "Fits in the drawer by the door.",
            "The one you reach for first.",
        ],
        koreanSentences: ["단조강으로 만들어 평생 보증합니다.", "현관 서랍에 쏙 들어가는 크기입니다.", "가장 먼저 손이 가는 %입니다."])

    static let travel = DemoCategory(
        en: "Travel", ko: "여행",
        adjectives: [("Light", "가벼운"), ("Compact", "미니"), ("Classic", "클래식"), ("Weekend", "주말용"), ("Jeju", "제주")],
        englishSentences: [
            "Taken on two trips, cleaned and ready for the next.", "Fits the overhead bin of every airline we tried.",
            "Has seen Busan, Jeju and Osaka.",
        ],
        koreanSentences: ["여행에 두 번 가져갔고 깨끗이 손질했습니다.", "기내 선반에 들어가는 크기입니다.", "부산, 제주, 오사카를 함께 다녀온 %입니다."])
}
