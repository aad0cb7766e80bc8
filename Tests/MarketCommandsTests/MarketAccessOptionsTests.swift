import ArgumentParser
import MarketCommands
import Testing

/// The product commands' market options as a shell passes them.
@Suite("The market options")
struct MarketAccessOptionsTests {
    @Test("a secret that begins with - is taken whole, as --secret X and as --secret=X; the other options are read as before")
    func dashSecret() throws {
        let spaced = try MarketAccess.parse(["--server", "http://m.test", "--identifier", "id-1", "--secret", "-Ab_9"])
        #expect(spaced.secret == "-Ab_9" && spaced.identifier == "id-1" && spaced.server == "http://m.test")
        let joined = try MarketAccess.parse(["--secret=--x", "--identifier", "id-1"])
        #expect(joined.secret == "--x" && joined.identifier == "id-1")
        #expect(throws: (any Error).self, "one without the other is still a mistake") { try MarketAccess.parse(["--secret", "-Ab_9"]) }
    }

    @Test("--timeout: 15 s unless told; seconds with a fraction; 0, a negative or more than a day is a mistake")
    func timeout() throws {
        #expect(try MarketAccess.parse([]).timeout == 15)
        #expect(try MarketAccess.parse(["--timeout", "2.5"]).timeout == 2.5)
        for wrong in ["0", "-1", "86401", "soon"] {
            #expect(throws: (any Error).self, "\(wrong)") { try MarketAccess.parse(["--timeout", wrong]) }
        }
    }
}
