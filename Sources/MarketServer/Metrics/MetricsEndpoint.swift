public import Hummingbird
public import Logging
import ServiceLifecycle

/// `GET /metrics` in Prometheus' text format: a route of `serve`, and the whole of the small HTTP listener
/// `openmarket ssh --metrics-port` starts beside its SSH port.
public enum MetricsEndpoint {
    /// Prometheus' text exposition format, version 0.0.4.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    static func response(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A listener on `host:port` (0: a free one) that answers `GET /metrics` with `text()` and 404 to anything
    /// else; `onRunning` gets the bound port.
    public static func application(
        host: String, port: Int, logger: Logger, text: @escaping @Sendable () -> String,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        let router = Router()
        router.get("/metrics") { _, _ in response(text()) }
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: "openmarket"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: logger)
    }
}
