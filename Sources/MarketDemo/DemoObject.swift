/// A thing the demo shop sells: the colour-emoji drawing it is pictured with, its names, its shelf and
/// what it sensibly costs.
public struct DemoObject: Sendable {
    /// The code point of its drawing in Noto Color Emoji.
    public var scalar: Unicode.Scalar
    /// Its English name.
    public var en: String
    /// Its Korean name.
    public var ko: String
    /// The shelf it is sold from.
    public var category: DemoCategory
    /// A sensible price in US dollars; KRW prices are derived from it.
    public var dollars: ClosedRange<Int>

    init(_ code: UInt32, _ en: String, _ ko: String, _ category: DemoCategory, _ dollars: ClosedRange<Int>) {
        scalar = Unicode.Scalar(code)!
        self.en = en
        self.ko = ko
        self.category = category
        self.dollars = dollars
    }

    /// Every object, each one a different drawing.
    public static let all: [DemoObject] = [
        // Kitchen
        DemoObject(0x2615, "Coffee Mug", "머그컵", .kitchen, 8...35),
        DemoObject(0x1FAD6, "Teapot", "찻주전자", .kitchen, 20...120),
        DemoObject(0x1F375, "Tea Cup", "찻잔", .kitchen, 6...40),
        DemoObject(0x1F962, "Chopsticks", "젓가락", .kitchen, 5...30),
        DemoObject(0x1F373, "Frying Pan", "프라이팬", .kitchen, 18...90),
        DemoObject(0x1F944, "Spoon Set", "숟가락 세트", .kitchen, 6...45),
        DemoObject(0x1F376, "Sake Set", "술병 세트", .kitchen, 15...80),
        DemoObject(0x1FAD9, "Glass Jar", "유리병", .kitchen, 4...25),
        DemoObject(0x1F963, "Bowl", "그릇", .kitchen, 6...40),
        DemoObject(0x1F374, "Cutlery", "커트러리", .kitchen, 10...60),
        DemoObject(0x1F9C2, "Salt Shaker", "소금통", .kitchen, 4...20),
        DemoObject(0x1F36F, "Honey Pot", "꿀단지", .kitchen, 8...40),
        // Food
        DemoObject(0x1F34A, "Tangerines", "감귤", .food, 12...45),
        DemoObject(0x1F34E, "Apples", "사과", .food, 15...50),
        DemoObject(0x1F353, "Strawberries", "딸기", .food, 10...35),
        DemoObject(0x1F351, "Peaches", "복숭아", .food, 15...55),
        DemoObject(0x1F347, "Grapes", "포도", .food, 12...40),
        DemoObject(0x1F96D, "Mangoes", "망고", .food, 18...60),
        DemoObject(0x1F359, "Rice Balls", "주먹밥", .food, 5...20),
        DemoObject(0x1F950, "Croissants", "크루아상", .food, 6...25),
        DemoObject(0x1F35E, "Bread Loaf", "식빵", .food, 4...15),
        DemoObject(0x1F9C0, "Cheese", "치즈", .food, 8...40),
        DemoObject(0x1F36B, "Chocolate", "초콜릿", .food, 4...30),
        DemoObject(0x1F36A, "Cookies", "쿠키", .food, 5...25),
        DemoObject(0x1F95F, "Dumplings", "만두", .food, 8...30),
        DemoObject(0x1F336, "Chili Peppers", "고추", .food, 6...25),
        DemoObject(0x1F96C, "Napa Cabbage", "배추", .food, 8...30),
        DemoObject(0x1F360, "Sweet Potatoes", "고구마", .food, 8...30),
        // Electronics
        DemoObject(0x2328, "Keyboard", "키보드", .electronics, 35...220),
        DemoObject(0x1F5B1, "Mouse", "마우스", .electronics, 15...120),
        DemoObject(0x1F4BB, "Laptop", "노트북", .electronics, 450...2400),
        DemoObject(0x1F3A7, "Headphones", "헤드폰", .electronics, 39...380),
        DemoObject(0x1F4F7, "Camera", "카메라", .electronics, 120...1800),
        DemoObject(0x1F4FB, "Radio", "라디오", .electronics, 25...160),
        DemoObject(0x1F4F1, "Phone", "휴대폰", .electronics, 150...1200),
        DemoObject(0x231A, "Watch", "손목시계", .electronics, 60...900),
        DemoObject(0x1F526, "Flashlight", "손전등", .electronics, 12...70),
        DemoObject(0x1F579, "Joystick", "조이스틱", .electronics, 25...150),
        DemoObject(0x1F50B, "Power Bank", "보조배터리", .electronics, 18...90),
        DemoObject(0x1F4A1, "Light Bulb", "전구", .electronics, 6...45),
        DemoObject(0x1F5A8, "Printer", "프린터", .electronics, 80...450),
        DemoObject(0x1F4FA, "Television", "텔레비전", .electronics, 200...1500),
        DemoObject(0x1F399, "Microphone", "마이크", .electronics, 40...400),
        DemoObject(0x1F3AE, "Game Controller", "게임패드", .electronics, 30...80),
        // Fashion
        DemoObject(0x1F45F, "Sneakers", "운동화", .fashion, 45...220),
        DemoObject(0x1F45C, "Handbag", "핸드백", .fashion, 60...900),
        DemoObject(0x1F453, "Glasses", "안경", .fashion, 40...300),
        DemoObject(0x1F576, "Sunglasses", "선글라스", .fashion, 30...260),
        DemoObject(0x1F9E3, "Scarf", "목도리", .fashion, 20...120),
        DemoObject(0x1F9E4, "Gloves", "장갑", .fashion, 15...80),
        DemoObject(0x1F9E2, "Baseball Cap", "야구모자", .fashion, 15...60),
        DemoObject(0x1F452, "Sun Hat", "밀짚모자", .fashion, 18...70),
        DemoObject(0x1F457, "Dress", "원피스", .fashion, 35...260),
        DemoObject(0x1F455, "T-Shirt", "티셔츠", .fashion, 12...60),
        DemoObject(0x1F456, "Jeans", "청바지", .fashion, 30...180),
        DemoObject(0x1F97E, "Hiking Boots", "등산화", .fashion, 60...280),
        DemoObject(0x1F45B, "Coin Purse", "동전지갑", .fashion, 12...90),
        DemoObject(0x1F48D, "Ring", "반지", .fashion, 40...1200),
        DemoObject(0x1F9E6, "Socks", "양말", .fashion, 5...25),
        DemoObject(0x1F9E5, "Coat", "코트", .fashion, 90...600),
        DemoObject(0x1F45E, "Loafers", "로퍼", .fashion, 60...320),
        DemoObject(0x1F392, "Backpack", "백팩", .fashion, 35...240),
        // Home
        DemoObject(0x1F56F, "Candle", "향초", .home, 8...45),
        DemoObject(0x1FA91, "Chair", "의자", .home, 40...450),
        DemoObject(0x1F6CB, "Sofa", "소파", .home, 300...2200),
        DemoObject(0x1FAB4, "Potted Plant", "화분", .home, 12...90),
        DemoObject(0x1F335, "Cactus", "선인장", .home, 6...40),
        DemoObject(0x1F490, "Bouquet", "꽃다발", .home, 20...90),
        DemoObject(0x1F6CF, "Bed", "침대", .home, 250...1800),
        DemoObject(0x1F9F8, "Teddy Bear", "곰인형", .home, 15...90),
        DemoObject(0x1FA9E, "Mirror", "거울", .home, 25...220),
        DemoObject(0x1F9FA, "Basket", "바구니", .home, 10...60),
        DemoObject(0x23F0, "Alarm Clock", "알람시계", .home, 12...70),
        DemoObject(0x1F570, "Mantel Clock", "탁상시계", .home, 40...350),
        DemoObject(0x1F9F4, "Hand Lotion", "핸드로션", .home, 6...35),
        DemoObject(0x1F9FC, "Soap", "비누", .home, 4...20),
        DemoObject(0x1F5BC, "Framed Print", "액자", .home, 20...180),
        DemoObject(0x1F3FA, "Vase", "화병", .home, 20...240),
        DemoObject(0x1FA86, "Nesting Dolls", "마트료시카", .home, 15...80),
        // Books & stationery
        DemoObject(0x1F4DA, "Book Set", "책 세트", .stationery, 20...120),
        DemoObject(0x1F4D3, "Notebook", "공책", .stationery, 4...30),
        DemoObject(0x1F4D2, "Ledger", "장부", .stationery, 6...35),
        DemoObject(0x270F, "Pencils", "연필", .stationery, 3...20),
        DemoObject(0x1F58B, "Fountain Pen", "만년필", .stationery, 25...400),
        DemoObject(0x1F58D, "Crayons", "크레파스", .stationery, 4...25),
        DemoObject(0x1F4D0, "Ruler Set", "자 세트", .stationery, 4...20),
        DemoObject(0x2702, "Scissors", "가위", .stationery, 5...35),
        DemoObject(0x1F3A8, "Paint Set", "물감 세트", .stationery, 12...90),
        DemoObject(0x1F9ED, "Compass", "나침반", .stationery, 10...90),
        // Sports & outdoor
        DemoObject(0x1F6B2, "Bicycle", "자전거", .sports, 180...1600),
        DemoObject(0x1F6F9, "Skateboard", "스케이트보드", .sports, 45...200),
        DemoObject(0x26BD, "Football", "축구공", .sports, 15...90),
        DemoObject(0x1F3C0, "Basketball", "농구공", .sports, 18...80),
        DemoObject(0x1F3BE, "Tennis Balls", "테니스공", .sports, 5...25),
        DemoObject(0x1F3F8, "Badminton Set", "배드민턴 세트", .sports, 15...120),
        DemoObject(0x26FA, "Tent", "텐트", .sports, 80...600),
        DemoObject(0x1F3A3, "Fishing Rod", "낚싯대", .sports, 30...300),
        DemoObject(0x1F6FC, "Roller Skates", "롤러스케이트", .sports, 50...220),
        DemoObject(0x1FA81, "Kite", "연", .sports, 10...60),
        DemoObject(0x26F8, "Ice Skates", "스케이트", .sports, 60...300),
        DemoObject(0x1F94A, "Boxing Gloves", "권투 글러브", .sports, 30...150),
        DemoObject(0x1F3D3, "Ping Pong Set", "탁구 세트", .sports, 15...90),
        // Music & hobby
        DemoObject(0x1F3B8, "Guitar", "기타", .music, 120...1500),
        DemoObject(0x1F3B9, "Digital Piano", "디지털 피아노", .music, 300...1800),
        DemoObject(0x1F3BB, "Violin", "바이올린", .music, 150...2500),
        DemoObject(0x1F941, "Drum", "드럼", .music, 90...900),
        DemoObject(0x1F3BA, "Trumpet", "트럼펫", .music, 180...1400),
        DemoObject(0x1FA95, "Banjo", "밴조", .music, 150...900),
        DemoObject(0x1F3B2, "Dice Set", "주사위 세트", .music, 5...30),
        DemoObject(0x1F9E9, "Jigsaw Puzzle", "직소 퍼즐", .music, 12...45),
        DemoObject(0x265F, "Chess Set", "체스 세트", .music, 20...200),
        DemoObject(0x1FA80, "Yo-yo", "요요", .music, 5...30),
        DemoObject(0x1F9F6, "Yarn", "뜨개실", .music, 5...30),
        DemoObject(0x1F9F5, "Sewing Thread", "재봉실", .music, 4...20),
        // Tools
        DemoObject(0x1F528, "Hammer", "망치", .tools, 12...60),
        DemoObject(0x1F527, "Wrench", "렌치", .tools, 10...50),
        DemoObject(0x1FA9B, "Screwdriver Set", "드라이버 세트", .tools, 12...70),
        DemoObject(0x1F9F0, "Toolbox", "공구함", .tools, 25...180),
        DemoObject(0x1FA9A, "Hand Saw", "톱", .tools, 15...70),
        DemoObject(0x1F52D, "Telescope", "망원경", .tools, 80...900),
        DemoObject(0x1F52C, "Microscope", "현미경", .tools, 90...800),
        DemoObject(0x23F1, "Stopwatch", "스톱워치", .tools, 10...60),
        DemoObject(0x1FA9C, "Ladder", "사다리", .tools, 40...260),
        // Travel
        DemoObject(0x1F9F3, "Suitcase", "여행가방", .travel, 60...450),
        DemoObject(0x1F5FA, "Travel Map", "여행 지도", .travel, 5...25),
        DemoObject(0x2602, "Umbrella", "우산", .travel, 10...60),
    ]
}
