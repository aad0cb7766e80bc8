import Foundation
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
