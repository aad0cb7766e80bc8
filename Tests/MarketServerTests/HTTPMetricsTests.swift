import HTTPTypes
import Telemetry
import Testing

@testable import MarketServer

@Suite("The server's request metrics")
struct HTTPMetricsTests {
    @Test(
        "a path is counted under the API's pattern it belongs to, segments read as the router reads them",
        arguments: [
            ("/api/products", "/api/products"),
            ("//api//products/", "/api/products"),
            ("/api/products/7", "/api/products/{id}"),
            ("/api/products/changes", "/api/products/{id}"),
            ("/api/products/7/archived", "/api/products/{id}/archived"),
            ("/api/products/7/archived/", "/api/products/{id}/archived"),
            ("/api/products/7/other", "other"),
            ("/api/products/7/archived/x", "other"),
            ("/api/productsx", "other"),
            ("/apix/products", "other"),
            ("/api", "other"),
            ("/images/a.jpg", "/images/{file}"),
            ("/images/a/b.jpg", "/images/{file}"),
            ("/images", "other"),
            ("/healthChecker", "/healthChecker"),
            ("/healthChecker/ready", "/healthChecker/ready"),
            ("/healthChecker/ready/x", "other"),
            ("/healthChecker/x", "other"),
            ("/metrics", "/metrics"),
            ("/metrics/x", "other"),
            ("/", "other"),
            ("", "other"),
            ("/상품", "other"),
        ])
    func routes(path: String, route: String) {
        #expect(HTTPMetrics.route(of: path) == route)
    }

    @Test("requests are counted by route, method and status in the scrape; a method outside the API's is 'other'")
    func counted() {
        let prometheus = PrometheusMetrics()
        let metrics = HTTPMetrics(factory: prometheus.factory)
        metrics.request(method: .get, path: "/api/products/7", status: 200, duration: .milliseconds(2))
        metrics.request(method: .get, path: "/api/products/8", status: 200, duration: .milliseconds(3))
        metrics.request(method: .get, path: "/api/products/9", status: 404, duration: .milliseconds(1))
        metrics.request(method: HTTPRequest.Method("PROPFIND")!, path: "/api/products/7", status: 405, duration: .zero)
        metrics.request(method: HTTPRequest.Method("MKCOL")!, path: "/x", status: 404, duration: .zero)
        let counts = prometheus.text().split(separator: "\n").filter { $0.hasPrefix("openmarket_http_requests_total{") }
        #expect(
            Set(counts.map(String.init)) == [
                #"openmarket_http_requests_total{route="/api/products/{id}",method="GET",status="200"} 2"#,
                #"openmarket_http_requests_total{route="/api/products/{id}",method="GET",status="404"} 1"#,
                #"openmarket_http_requests_total{route="/api/products/{id}",method="other",status="405"} 1"#,
                #"openmarket_http_requests_total{route="other",method="other",status="404"} 1"#,
            ])
        let durations = prometheus.text().split(separator: "\n").filter {
            $0.hasPrefix("openmarket_http_request_duration_seconds_count{")
        }
        #expect(
            Set(durations.map(String.init)) == [
                #"openmarket_http_request_duration_seconds_count{route="/api/products/{id}",method="GET"} 3"#,
                #"openmarket_http_request_duration_seconds_count{route="/api/products/{id}",method="other"} 1"#,
                #"openmarket_http_request_duration_seconds_count{route="other",method="other"} 1"#,
            ])
    }
}
