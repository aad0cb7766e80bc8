public import Hummingbird
import Logging

/// Turns every error a route throws into the API's `{"code", "message"}` shape, so clients never see
/// another body format — including Hummingbird's own errors (unknown route, body too large).
public struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as any HTTPResponseError {
            // The router's own 404 for a path it knows under other methods is a 405.
            if error.status == .notFound, let allowed = RouteMethods.allowed(on: request.uri.path) {
                throw APIError.methodNotAllowed(request.method, path: request.uri.path, allowed: allowed)
            }
            throw APIError(error.status, Self.message(for: error, path: request.uri.path))
        } catch {
            context.logger.error("unhandled error \(type(of: error)): \(String(describing: error))")
            throw APIError(.internalServerError, "internal server error")
        }
    }

    private static func message(for error: any HTTPResponseError, path: String) -> String {
        switch error.status {
        case .notFound: "no such endpoint: \(path)"
        case .contentTooLarge: "request body is too large"
        case .methodNotAllowed: "method not allowed on \(path)"
        default: (error as? HTTPError)?.body ?? error.status.reasonPhrase
        }
    }
}
