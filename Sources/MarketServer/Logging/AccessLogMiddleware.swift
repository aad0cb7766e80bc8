public import Hummingbird
import Logging

/// Writes one line per request: method, path, status and milliseconds; and counts it in `metrics`.
public struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: HTTPMetrics

    public init(metrics: HTTPMetrics = HTTPMetrics()) {
        self.metrics = metrics
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, since: start, logger: context.logger)
            return response
        } catch let error as any HTTPResponseError {
            log(request, status: error.status.code, since: start, logger: context.logger)
            throw error
        } catch {
            log(request, status: 500, since: start, logger: context.logger)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant, logger: Logger) {
        AccessLog.record(
            method: request.method, path: request.uri.path, status: status, since: start, logger: logger, metrics: metrics)
    }
}
