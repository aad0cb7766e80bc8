import Foundation
import MarketDemo
import Mocks
import NIOConcurrencyHelpers
import Testing

@testable import MarketServer

/// A demo catalog store that answers "no demo vendor" the first time it is asked: what a replica sees when
/// another replica commits the catalog between this one's first look and its count of products.
private struct LateDemoCatalogStore: DemoCatalogStore {
    let wrapped: any DemoCatalogStore
    let asked = NIOLockedValueBox(0)

    func demoVendor() async throws -> VendorCredentials? {
        let first = asked.withLockedValue { count in
            defer { count += 1 }
            return count == 0
        }
        return first ? nil : try await wrapped.demoVendor()
    }

    func seed(vendorNames: [String], products: [SeedProduct]) async throws -> VendorCredentials {
        try await wrapped.seed(vendorNames: vendorNames, products: products)
    }
}

@Suite("The demo vendor of a replica that started beside another")
struct DemoVendorRaceTests {
    @Test("a catalog committed by another replica between the first look and the count still gives this replica its demo vendor (printed at start)")
    func committedMeanwhile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock()
        let stores = MarketStores.memory(now: { clock.now })
        let configuration = TestMarket.configuration(directory: directory, demo: .whenEmpty, clock: clock)
        let first = try await OpenMarketServer.open(configuration, stores: stores, logger: TestMarket.logger)
        let seeded = try #require(first.demoVendor)

        let late = MarketStores(
            products: stores.products, vendors: stores.vendors, deleteTokens: stores.deleteTokens, pictures: stores.pictures,
            demoCatalog: LateDemoCatalogStore(wrapped: stores.demoCatalog), pictureFiles: stores.pictureFiles,
            changeFeed: stores.changeFeed, wishLists: stores.wishLists)
        // A data directory of its own, as each replica has: no credentials file from the first to fall back on.
        let own = try TemporaryDirectory()
        defer { own.remove() }
        let secondConfiguration = TestMarket.configuration(directory: own, demo: .whenEmpty, clock: clock)
        let second = try await OpenMarketServer.open(secondConfiguration, stores: late, logger: TestMarket.logger)
        #expect(second.demoVendor?.identifier == seeded.identifier)
        #expect(second.demoVendor?.secret == seeded.secret)
        #expect(try await second.vendors.all().count == first.vendors.all().count, "not seeded twice")
    }
}
