import AsyncHTTPClient
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension AsyncHTTPTransport {
    /// The `OpenMarketError` for whatever AsyncHTTPClient, NIO or the task threw.
    static func openMarketError(for error: any Error, request: TransportRequest, taskCancelled: Bool)
        -> OpenMarketError
    {
        if let error = error as? OpenMarketError { return error }
        if taskCancelled || error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return .timeout(after: request.timeout)
            case .cancelled, .requestStreamCancelled:
                return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
                return .invalidRequest("\(request.url.absoluteString.prefix(100)) is not a usable URL")
            case .alreadyShutdown:
                return .invalidRequest("the HTTP transport has been shut down")
            default:
                break
            }
        }
        return .transport(endpoint: request.endpoint, reason: reason(for: error))
    }

    /// A few lower-case words on why a connection failed: `connection refused`, `host not found`…
    static func reason(for error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first { return reason(for: first.error) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "host not found" }
            return "could not connect"
        case let error as IOError:
            return reason(errno: error.errnoCode)
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return "connection timed out"
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed: return "the connection was closed"
            default: return "connection failed"
            }
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return "connection timed out"
            case .remoteConnectionClosed:
                return "the server closed the connection"
            case .redirectLimitReached, .redirectCycleDetected:
                return "too many redirects"
            default:
                return "\(error)".replacingPrefix("HTTPClientError.", with: "")
            }
        default:
            let text = String(describing: error)
            return text.count > 80 ? String(text.prefix(80)) + "…" : text
        }
    }

    static func reason(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ECONNRESET: "connection reset"
        case ETIMEDOUT: "connection timed out"
        case EHOSTUNREACH: "host unreachable"
        case ENETUNREACH: "network unreachable"
        case EPIPE: "the connection was closed"
        case EADDRNOTAVAIL: "address not available"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
