import Foundation
import MarketDemo

/// Storing the demo catalog, and the demo vendor's credentials kept beside the database.
extension DemoCatalog {
    var credentialsFile: URL { directory.appendingPathComponent("demo-vendor.json") }

    /// The demo vendor's credentials saved next to the database (catalogs seeded before they were
    /// kept in the database have only these).
    func savedCredentials() -> VendorCredentials? {
        guard let data = try? Data(contentsOf: credentialsFile) else { return nil }
        return try? JSONDecoder().decode(VendorCredentials.self, from: data)
    }

    /// Stores vendors and products, and the demo vendor's credentials, in one atomic step of `store`;
    /// returns the demo vendor's credentials. No picture file is written here.
    func seed(into store: any DemoCatalogStore, now: Date) async throws -> VendorCredentials {
        let seed = self.seed
        let products = items().enumerated().map { index, item in
            let date = now.addingTimeInterval(Double(index - productCount) * 3600)
            return SeedProduct(
                vendor: item.vendor,
                product: NewProduct(
                    vendorID: 0, name: item.name, description: item.description, price: item.price,
                    discountedPrice: item.discountedPrice, stock: item.stock, currency: item.currency),
                pictures: { vendorID in
                    (0..<item.pictureCount).map { picture in
                        DemoPictureName(seed: seed, product: index, picture: picture)
                            .saved(vendorID: vendorID, date: date, png: item.pngFirst && picture == 0)
                    }
                },
                date: date)
        }
        return try await store.seed(vendorNames: Self.vendorNames, products: products)
    }

    /// Writes the credentials file next to the database, atomically (a temporary file, then a
    /// rename) and readable by the owner only; does nothing if it already says this.
    func writeCredentialsFile(_ credentials: VendorCredentials) throws {
        guard savedCredentials() != credentials else { return }
        let temporary = directory.appendingPathComponent(".demo-vendor.json.tmp")
        try? FileManager.default.removeItem(at: temporary)
        let data = try JSONEncoder().encode(credentials)
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown) }
        guard rename(temporary.path, credentialsFile.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
