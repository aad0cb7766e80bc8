import Testing

@testable import MarketServer

/// The secrets the market issues to vendors.
@Suite("Vendor secrets")
struct SecretTests {
    @Test("a fresh secret is 32 characters of URL-safe base64, never beginning with - (a shell's option); no two alike")
    func fresh() {
        // One in 64 draws begins with `-` before the redraw: 5,000 draws would show it about 78 times.
        let secrets = (0..<5000).map { _ in SecretHasher.newSecret() }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        #expect(secrets.allSatisfy { $0.count == 32 && $0.allSatisfy(alphabet.contains) })
        #expect(!secrets.contains { $0.hasPrefix("-") })
        #expect(secrets.contains { $0.dropFirst().contains("-") }, "- stays in the alphabet past the first character")
        #expect(Set(secrets).count == secrets.count)
    }
}
