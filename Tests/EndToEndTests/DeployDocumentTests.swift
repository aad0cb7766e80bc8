import Foundation
import Mocks
import Testing

/// docs/DEPLOY.md shows the configuration the end-to-end tests run, not a copy that drifts from it.
@Suite("docs/DEPLOY.md")
struct DeployDocumentTests {
    @Test("the nginx configuration in DEPLOY.md is, word for word, the one ReplicasEndToEndTests runs")
    func nginxConfiguration() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/DEPLOY.md"), encoding: .utf8)
        let tested = NginxBalancer.siteConfiguration(
            listen: "80", replicaPorts: [8081, 8082], cacheFolder: "/var/cache/nginx/openmarket")
        #expect(document.contains("```nginx\n" + tested + "\n```"), "DEPLOY.md's nginx block differs from:\n\(tested)")
    }
}

/// The systemd units of docs/DEPLOY.md, checked by systemd itself.
@Suite("docs/DEPLOY.md: systemd units")
struct SystemdUnitTests {
    @Test("both units in DEPLOY.md pass systemd-analyze verify with no warning (ExecStart pointed at the built binary)")
    func unitsVerify() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/DEPLOY.md"), encoding: .utf8)
        let units = document.split(separator: "```ini\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
        #expect(units.count == 2, "a unit for serve and one for ssh")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for (index, unit) in units.enumerated() {
            #expect(unit.contains("DynamicUser=yes") && unit.contains("ProtectSystem=strict") && unit.contains("MemoryMax="))
            #expect(unit.contains("Restart=on-failure"))
            let file = folder.url.appendingPathComponent("openmarket-\(index).service")
            try unit.replacingOccurrences(of: "/usr/local/bin/openmarket", with: BuiltProducts.openmarket)
                .write(to: file, atomically: true, encoding: .utf8)
            let verify = try SpawnedProcess("/usr/bin/systemd-analyze", ["verify", "--man=no", file.path])
            let status = verify.waitForExitBlocking()
            let said = (verify.standardOutput + verify.standardError).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(status == 0, "\(said)")
            #expect(said.isEmpty, "systemd-analyze: \(said)")
            // Hardened: systemd's own rating of its sandboxing is OK or better (SAFE, PERFECT), never MEDIUM.
            let security = try SpawnedProcess(
                "/usr/bin/systemd-analyze", ["security", "--offline=true", "--no-pager", file.path])
            _ = security.waitForExitBlocking()
            let overall = try #require(
                security.standardOutput.split(separator: "\n").first { $0.contains("Overall exposure level") }, "\(security.standardError)")
            let rating = overall.split(separator: " ").dropLast().last.map(String.init) ?? ""
            #expect(["OK", "SAFE", "PERFECT"].contains(rating), "\(overall)")
            #expect(unit.contains("UMask=0077") && unit.contains("ProtectProc=invisible") && unit.contains("SystemCallFilter=@system-service"))
        }
    }
}
