import Foundation
import OpenMarketAPI

/// 100-item pages decoded per second, from JSON shaped like the server's.
enum PageDecodeBench {
    static func pageJSON(items: Int, page: Int = 1) -> Data {
        var parts: [String] = []
        for i in 0..<items {
            let id = 10_000 - (page - 1) * items - i
            parts.append(
                """
                {"id":\(id),"vendor_id":\(i % 5 + 1),"vendorName":"Seoul Crafts","name":"프리미엄 운동화 \(id)",\
                "description":"A well-made thing that lasts for years. Ships within two business days from Seoul.",\
                "thumbnail":"http://127.0.0.1:8080/images/3/20261121/5f5b4f083717ae946c5930e769a56ca0_thumb.jpg",\
                "currency":"\(i % 3 == 0 ? "USD" : "KRW")","price":\(i % 3 == 0 ? "2426.66" : "1927200"),\
                "bargain_price":\(i % 3 == 0 ? "2426.66" : "1676700"),"discounted_price":\(i % 3 == 0 ? "0" : "250500"),\
                "stock":\(i * 7 % 500),"created_at":"2026-11-21T20:33:14","issued_at":"2026-11-21T20:33:14"}
                """)
        }
        return Data(
            """
            {"pageNo":\(page),"itemsPerPage":\(items),"totalCount":10000,"offset":\((page - 1) * items),\
            "limit":\(page * items),"lastPage":\(10_000 / items),"hasNext":true,"hasPrev":\(page > 1),\
            "pages":[\(parts.joined(separator: ","))]}
            """.utf8)
    }

    static func run() throws -> [String] {
        let data = pageJSON(items: 100)
        let decoder = JSONDecoder()
        let rate = try BenchTiming.medianRate(iterations: 300) {
            _ = try decoder.decode(ProductPage.self, from: data)
        }
        return [
            "| figure | value |",
            "|---|---|",
            "| 100-item pages decoded per second (\(data.count) bytes each) | \(Int(rate)) |",
            "| products decoded per second | \(Int(rate * 100)) |",
        ]
    }
}
