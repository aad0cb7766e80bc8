import Foundation
import Mocks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A first start on an empty data directory, killed at any moment: the next start has the whole demo
/// catalog, every picture and thumbnail, and a demo vendor that can write.
@Suite("first start, end to end", .serialized)
struct FirstStartEndToEndTests {
    @Test("kill -9 at 0.1, 0.3, 0.6, 1 and 2 s into a first start; the next start has the whole catalog, every picture and the demo vendor")
    func killedFirstStart() async throws {
        for delay in [100, 300, 600, 1000, 2000] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let first = try SpawnedProcess(
                BuiltProducts.openmarket, ["serve", "--port", "0", "--data-dir", directory.path, "--log-level", "warning"])
            try await Task.sleep(for: .milliseconds(delay))
            _ = first.stop(signal: SIGKILL)
            try await checkWhole(directory, after: delay)
        }
    }

    @Test("without the colour-emoji font the catalog still seeds, with drawn placeholders, and one line names the package")
    func withoutFont() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let process = try SpawnedProcess(
            BuiltProducts.openmarket,
            ["serve", "--port", "0", "--data-dir", directory.path, "--demo-font", directory.path + "/missing.ttf"])
        defer { process.stop() }
        let output = try await process.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let http = LiveHTTP(base: String(try #require(output.firstMatch(of: /on (http:\/\/127\.0\.0\.1:\d+)/)?.1)))
        let page = try await http.send("GET", "/api/products?items_per_page=1").json()
        #expect(page["totalCount"] as? Int == 132)
        let thumbnail = try #require((page["pages"] as? [[String: Any]])?.first?["thumbnail"] as? String)
        let picture = try await http.send("GET", String(thumbnail.dropFirst(http.base.count)))
        #expect(picture.status == 200 && picture.body.starts(with: [0xFF, 0xD8, 0xFF]))
        // The log is written in batches: give it a moment.
        let deadline = ContinuousClock.now + .seconds(10)
        while !process.standardError.contains("fonts-noto-color-emoji"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let lines = process.standardError.split(separator: "\n").filter { $0.contains("fonts-noto-color-emoji") }
        #expect(lines.count == 1, "\(process.standardError.suffix(2000))")
        #expect(lines.first?.contains("placeholders") == true)
    }

    private func checkWhole(_ directory: TemporaryDirectory, after delay: Int) async throws {
        let process = try SpawnedProcess(
            BuiltProducts.openmarket, ["serve", "--port", "0", "--data-dir", directory.path, "--log-level", "warning"])
        defer { process.stop() }
        let output = try await process.waitForOutput { $0.contains("Stop with Ctrl-C") }
        let http = LiveHTTP(base: String(try #require(output.firstMatch(of: /on (http:\/\/127\.0\.0\.1:\d+)/)?.1)))
        let identifier = try #require(output.firstMatch(of: /identifier ([0-9a-f-]{36})/)?.1, "killed after \(delay) ms")
        let secret = try #require(output.firstMatch(of: /secret +(\S+)/)?.1)

        // The credentials file: there, the owner's only, and the vendor the server printed.
        let file = directory.url.appendingPathComponent("demo-vendor.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(saved["identifier"] as? String == String(identifier) && saved["secret"] as? String == String(secret))

        var products: [[String: Any]] = []
        for page in 1...2 {
            let json = try await http.send("GET", "/api/products?items_per_page=100&page_no=\(page)").json()
            #expect(json["totalCount"] as? Int == 132, "killed after \(delay) ms")
            products += json["pages"] as? [[String: Any]] ?? []
        }
        #expect(products.count == 132)
        var paths: [String] = []
        for product in products {
            let detail = try await http.send("GET", "/api/products/\(product["id"] as! Int)").json()
            let images = detail["images"] as? [[String: Any]] ?? []
            #expect((1...5).contains(images.count))
            for image in images {
                for key in ["url", "thumbnail_url"] {
                    paths.append(String((image[key] as? String ?? "").dropFirst(http.base.count)))
                }
            }
        }
        // Every picture answers, the ones made before the kill and the ones made now; 4 at a time.
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            var failed: [String] = []
            var next = paths.makeIterator()
            func add() -> Bool {
                guard let path = next.next() else { return false }
                group.addTask {
                    let reply = try await http.send("GET", path)
                    let picture = reply.body.starts(with: [0xFF, 0xD8, 0xFF]) || reply.body.starts(with: [0x89, 0x50, 0x4E, 0x47])
                    return reply.status == 200 && picture ? nil : "\(path): \(reply.status)"
                }
                return true
            }
            for _ in 0..<4 { _ = add() }
            while let result = try await group.next() {
                if let result { failed.append(result) }
                _ = add()
            }
            return failed
        }
        #expect(failures.isEmpty, "killed after \(delay) ms: \(failures.prefix(5))")
        #expect(paths.count >= 132 * 2)

        // The demo vendor writes: asking for a delete token for one of its products is granted.
        let demoProduct = try #require(products.first { $0["vendorName"] as? String == "demo" })
        let token = try await http.send(
            "POST", "/api/products/\(demoProduct["id"] as! Int)/archived",
            headers: ["identifier": String(identifier), "Content-Type": "application/json"],
            body: Data(#"{"secret":"\#(secret)"}"#.utf8))
        #expect(token.status == 200, "\(token.text)")
    }
}
