import Foundation
import Testing

@testable import OpenMarketAPI

@Suite("EndpointURL: paths and percent-encoded queries")
struct EndpointURLTests {
    private let base = URL(string: "http://127.0.0.1:8080")!

    @Test(
        "search text is percent-encoded so the server gets it back unchanged",
        arguments: [
            ("a&b", "a%26b"), ("1+1", "1%2B1"), ("100%", "100%25"), ("#1", "%231"), ("blue mug", "blue%20mug"),
            ("머그", "%EB%A8%B8%EA%B7%B8"), ("a=b?c/d", "a%3Db%3Fc%2Fd"), ("safe-._~", "safe-._~"),
        ])
    func queryEncoding(text: String, encoded: String) throws {
        let url = try EndpointURL.make(base: base, path: "/api/products", query: [(name: "search_value", value: text)])
        #expect(url.absoluteString == "http://127.0.0.1:8080/api/products?search_value=\(encoded)")
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        #expect(items?.first?.value == text)
    }

    @Test("the base URL's own path is a prefix; trailing slashes do not double")
    func basePath() throws {
        let nested = URL(string: "https://example.com/market/")!
        #expect(
            try EndpointURL.make(base: nested, path: "/api/products/3").absoluteString
                == "https://example.com/market/api/products/3")
        let withQuery = URL(string: "http://h:1/?x=1#frag")!
        #expect(
            try EndpointURL.make(base: withQuery, path: "/healthChecker").absoluteString == "http://h:1/healthChecker")
    }

    @Test("paths keep their slashes and escapes; unsafe characters are encoded")
    func paths() throws {
        #expect(try EndpointURL.make(base: base, path: "/api/products/abc-DEF_123").path == "/api/products/abc-DEF_123")
        #expect(
            try EndpointURL.make(base: base, path: "/api/a%2Fb").absoluteString == "http://127.0.0.1:8080/api/a%2Fb")
        #expect(
            try EndpointURL.make(base: base, path: "/api/a b?c#d").absoluteString
                == "http://127.0.0.1:8080/api/a%20b%3Fc%23d")
        #expect(
            try EndpointURL.make(base: base, path: "/api/100%").absoluteString == "http://127.0.0.1:8080/api/100%25")
    }

    @Test("a path that does not start with one slash, or a base that is not http, is refused")
    func refused() {
        for path in ["api/products", "", "//evil.example/api", "http://evil.example/"] {
            #expect(throws: OpenMarketError.self, "\(path)") { try EndpointURL.make(base: base, path: path) }
        }
        for bad in ["ftp://h/", "file:///tmp", "/relative"] {
            let url = URL(string: bad)!
            #expect(throws: OpenMarketError.self, "\(bad)") { try EndpointURL.make(base: url, path: "/x") }
        }
    }
}
