import Foundation
import Mocks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// nginx from Debian in front of API server replicas, configured as docs/DEPLOY.md shows (the same
/// directives; only the ports and the folders are the test's).
struct NginxBalancer {
    let process: SpawnedProcess
    /// The port clients use.
    let port: Int

    /// What DEPLOY.md puts in nginx's `http` block (its conf.d file) for replicas on `replicaPorts`: the
    /// picture cache, the upstream and the server.
    static func siteConfiguration(listen: String, replicaPorts: [Int], cacheFolder: String) -> String {
        let servers = replicaPorts.map { "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=2s;" }.joined(separator: "\n")
        return """
            # Pictures never change at a URL (the server says "immutable"): nginx keeps them, PostgreSQL is asked once.
            proxy_cache_path \(cacheFolder) keys_zone=openmarket_pictures:10m max_size=1g inactive=7d;
            # Per client address, as each replica's own limits would (they are off behind a balancer): connections, change
            # streams, and writes. The SSH fronts' addresses are not limited: every visitor's browser comes from its front.
            geo $openmarket_front {
                default 0;
                10.0.0.0/24 1;                   # the fronts' network (none: leave the line out)
            }
            map $openmarket_front $openmarket_client {
                0 $binary_remote_addr;
                1 "";                            # an empty key is not counted
            }
            limit_conn_zone $openmarket_client zone=openmarket_addresses:10m;
            limit_conn_zone $openmarket_client zone=openmarket_streams:10m;
            map $request_method $openmarket_writer {
                default "";                      # reads are not counted
                POST $openmarket_client;
                PATCH $openmarket_client;
                PUT $openmarket_client;
                DELETE $openmarket_client;
            }
            limit_req_zone $openmarket_writer zone=openmarket_writes:10m rate=10r/s;
            upstream openmarket {
            \(servers)
                keepalive 32;                    # connections kept open to the replicas
            }
            server {
                listen \(listen);
                limit_conn openmarket_addresses 64;
                limit_conn_status 503;
                limit_req zone=openmarket_writes burst=50 nodelay;
                limit_req_status 429;
                client_max_body_size 3m;         # above the API's 2 MiB, so the API answers with its own error
                proxy_http_version 1.1;
                proxy_set_header Connection "";
                proxy_set_header Host $http_host;
                proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                proxy_next_upstream error timeout http_502 http_503;  # never for POST or PATCH
                proxy_next_upstream_tries 2;
                location / {
                    proxy_pass http://openmarket;
                    proxy_read_timeout 70s;      # a register may take the server's 60 s body limit
                }
                location = /api/products/changes {
                    proxy_pass http://openmarket;
                    proxy_read_timeout 70s;      # a heartbeat every 15 s keeps it open
                    limit_conn openmarket_streams 8;   # the replicas' own default per address
                }
                location = /metrics {
                    return 404;                  # for Prometheus, on each replica's --metrics-port, never the public's
                }
                location /images/ {
                    proxy_pass http://openmarket;
                    proxy_cache openmarket_pictures;
                    proxy_cache_valid 200 7d;
                    proxy_cache_lock on;         # many first requests for one picture: one goes through
                }
            }
            """
    }

    /// Starts nginx in the foreground on `port` with everything of its own (pid, temporary bodies) in `folder`.
    static func start(in folder: TemporaryDirectory, port: Int, replicaPorts: [Int]) async throws -> NginxBalancer {
        let root = folder.path + "/nginx"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // Run as root (the tests are), nginx's workers would become `nobody`, who cannot enter the test's
        // private folder for temporary bodies.
        let user = geteuid() == 0 ? "user root;\n" : ""
        let config = """
            \(user)worker_processes 1;
            pid \(root)/nginx.pid;
            error_log stderr warn;
            events { worker_connections 512; }
            http {
                access_log off;
                client_body_temp_path \(root)/body;
                proxy_temp_path \(root)/proxy;
            \(siteConfiguration(listen: "127.0.0.1:\(port)", replicaPorts: replicaPorts, cacheFolder: root + "/pictures"))
            }

            """
        try config.write(toFile: root + "/nginx.conf", atomically: true, encoding: .utf8)
        let process = try SpawnedProcess(
            "/usr/sbin/nginx", ["-p", root, "-e", "stderr", "-c", root + "/nginx.conf", "-g", "daemon off;"])
        let balancer = NginxBalancer(process: process, port: port)
        let http = LiveHTTP(base: "http://127.0.0.1:\(port)")
        for _ in 0..<100 {
            if process.hasExited { break }
            if (try? await http.send("GET", "/healthChecker").status) == 200 { return balancer }
            try await Task.sleep(for: .milliseconds(100))
        }
        _ = process.stop()
        throw SpawnError("nginx did not start: \(process.standardError.suffix(1500))")
    }
}
