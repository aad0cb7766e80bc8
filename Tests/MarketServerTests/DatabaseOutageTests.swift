import Foundation
import Mocks
import NIOConcurrencyHelpers
import ServerTestSupport
import Testing

@testable import MarketServer

/// PostgreSQL going away while the server runs, modelled by a TCP relay between the stores and the test
/// cluster that the test stops (every connection dropped, new ones refused) and starts again.
@Suite("The database going away while serving", .postgresSchemas, .timeLimit(.minutes(10)))
struct DatabaseOutageTests {
    /// A relay from a local port to the cluster, as a separate process so that stopping it drops everything.
    final class Relay: Sendable {
        let port: Int
        let target: Int
        let script: String
        let running = NIOLockedValueBox<SpawnedProcess?>(nil)

        init(target: Int) throws {
            port = try Self.freePort()
            self.target = target
            script = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID()).py").path
            try Self.source.write(toFile: script, atomically: true, encoding: .utf8)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: script)
        }

        func start() async throws {
            let process = try SpawnedProcess("/usr/bin/python3", [script, String(port), String(target)])
            _ = try await process.waitForOutput { $0.contains("relaying") }
            running.withLockedValue { $0 = process }
        }

        func stop() {
            running.withLockedValue { $0.take() }?.stop(signal: SIGKILL)
        }

        /// A port nothing listens on now (bound to 0 and released).
        static func freePort() throws -> Int {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            guard bound else { throw TestPostgresError("no free port") }
            return Int(UInt16(bigEndian: address.sin_port))
        }

        static let source = """
            import socket, sys, threading
            listen = socket.socket(); listen.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listen.bind(("127.0.0.1", int(sys.argv[1]))); listen.listen(64)
            print("relaying", flush=True)
            def pipe(a, b):
                try:
                    while True:
                        data = a.recv(65536)
                        if not data: break
                        b.sendall(data)
                except OSError: pass
                for s in (a, b):
                    try: s.shutdown(socket.SHUT_RDWR)
                    except OSError: pass
            while True:
                client, _ = listen.accept()
                server = socket.create_connection(("127.0.0.1", int(sys.argv[2])))
                threading.Thread(target=pipe, args=(client, server), daemon=True).start()
                threading.Thread(target=pipe, args=(server, client), daemon=True).start()
            """
    }

    @Test("requests needing the database answer 503 within seconds while it is away, and succeed once it is back")
    func outage() async throws {
        guard TestPostgres.runsCases else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let schema = try #require(try await TestStores.make(.postgres, directory: folder).schema)
        var location = schema.location
        guard location.socketDirectory == nil else { return }  // the relay speaks TCP
        let relay = try Relay(target: location.port)
        try await relay.start()
        defer { relay.stop() }
        location.port = relay.port
        let stores = try await PostgresStores.open(location, maximumConnections: 2, logger: TestMarket.logger)
        let pool = Task { await stores.client.run() }
        defer { pool.cancel() }
        let vendor = try await stores.stores.vendors.add(name: "carol")
        #expect(try await stores.stores.products.page(number: 1, perPage: 5, search: nil).total == 0)

        relay.stop()
        for _ in 0..<2 {
            let started = ContinuousClock.now
            await #expect {
                _ = try await stores.stores.products.page(number: 1, perPage: 5, search: nil)
            } throws: { error in
                (error as? APIError)?.status == .serviceUnavailable
            }
            // The 5 s deadline's timer fired up to a minute late on a loaded machine; the wrong outcome is a hang.
            #expect(ContinuousClock.now - started < .seconds(120), "no hang past the deadline")
            print("outage: 503 after \(ContinuousClock.now - started)")
        }
        let readiness = await ReadinessCheck(products: stores.stores.products, replicaID: "r").check()
        #expect(readiness.status == .serviceUnavailable)

        try await relay.start()
        let restarted = ContinuousClock.now
        var back = false
        while !back, ContinuousClock.now - restarted < .seconds(120) {
            back = (try? await stores.stores.products.page(number: 1, perPage: 5, search: nil)) != nil
            if !back { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(back, "served again without a restart")
        print("outage: back after \(ContinuousClock.now - restarted)")
        #expect(try await stores.stores.vendors.vendor(identifier: vendor.identifier) != nil)
    }
}
