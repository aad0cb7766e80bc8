import ArgumentParser
import Foundation
import Launch
import Localization
import Logging
import MarketApp
import MarketCommands
import MarketServer
import MarketSSH
import MarketWords
import ServiceLifecycle
import Settings
import Telemetry
import WishListOwners

/// `openmarket ssh`: serves the browser over SSH, one browser process per session, all on one market.
struct SSHCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ssh", abstract: "Serve the browser over SSH (one browser per session).")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 2222
    @Option(help: "Browse this API server instead of starting one in-process.") var server: String?
    @Flag(help: "Anyone may connect and browse; register, edit and delete are off.") var open = false
    @Option(help: "Only the public keys in this file (OpenSSH format) may connect; each writes as its own vendor.")
    var authorizedKeys: String?
    @Option(help: "Data directory (host key, embedded server, logs).") var dataDir: String?
    @Option(help: "The host key file (default: DATA_DIR/ssh_host_ed25519_key); fronts behind one address share one.")
    var hostKey: String?
    @Option(help: "Most sessions at once (default: 500 per core, within half the available memory at 10 MB each and the open-file limit).")
    var maxSessions: Int?
    @Option(help: "Most sessions one address holds at once (an IPv6 address counted by its /64); one connection holds one.")
    var maxSessionsPerAddress = 8
    @Option(help: "Megabytes of data each visitor's browser may map (RLIMIT_DATA, enforced by the kernel; past it the browser ends and the visitor is told why): 0 for no memory budget, else at least 128 (a browser maps about 60 at rest).")
    var sessionMemory = 256
    @Option(help: "Seconds of CPU each visitor's browser may use (RLIMIT_CPU). 0: no CPU budget.")
    var sessionCpu = 600
    @Option(help: "Pictures a vendor key's upload folder holds at most (sftp and scp put them there).")
    var uploadFiles = 100
    @Option(help: "Megabytes one picture in an upload folder may have.")
    var uploadFileSize = 20
    @Option(help: "Megabytes all of a vendor key's upload folder may hold.")
    var uploadSpace = 200
    @Option(help: "Seconds without a key before a session is ended.") var idleTimeout = 900
    @Option(help: "Seconds a session may last.") var maxSessionTime = 7200
    @Option(help: "New connections one address may open per minute.") var connectionsPerMinute = 20
    @Option(help: "Seconds a connection may go without a session (handshake and login included) before it is closed.")
    var loginGraceTime: Double = 30
    @Option(help: "Connections without a session yet, at once; past it each newcomer is let in and the oldest of the address holding the most is closed.")
    var maxStartups = 1024
    @Option(help: "Connections without a session yet that one address may hold; more are closed as they arrive.")
    var maxStartupsPerAddress = 32
    @Option(help: "Browsers starting at once (spawned, first page not yet painted); more sessions wait their turn, so a burst of arrivals does not slow the sessions already in. Default: 16 per core.")
    var maxStarting: Int?
    @Option(help: "Seconds a connection may stay silent (no SSH version line) before it is closed.") var silenceTimeout: Double = 10
    @Option(help: "Seconds an address is refused after one of its connections went nowhere (doubling while it goes on, up to 600; 0: never).")
    var sourcePenalty: Double = 10
    @Option(help: "This front's name, in the line a visitor gets when it is full (default: the host's name).") var name: String?
    @Option(help: "The interface's language for visitors whose client sends no locale: en (the default) or ko; a visitor's LANG, LC_ALL or LC_MESSAGES (ssh -o SetEnv=LANG=ko_KR.UTF-8) wins.")
    var lang = "en"
    @Flag(
        inversion: .prefixedNo,
        help: "Fork each visitor's browser from a warm template process (a start costs a fraction of a cold one's CPU); --no-session-template spawns each one afresh.")
    var sessionTemplate = true
    @Option(
        parsing: .unconditional,
        help: "The nice of the front's session group (Linux autogroups), so that the front, which carries every visitor's bytes, outweighs each browser (each a group of its own); taken when the front leads its session (a service, or setsid) and may (root or CAP_SYS_NICE); 0 leaves it.")
    var groupNice = -10
    @Option(help: "Log level.") var logLevel = "info"
    @Option(help: "Serve GET /metrics (Prometheus text: sessions, refusals, handshake and first-page times, the market's requests) on this port (0 picks a free one); none when not given.")
    var metricsPort: Int?
    @Option(help: "Address the metrics port listens on.") var metricsHost = "127.0.0.1"
    @Flag(help: "Connections start with a PROXY protocol v1 header (behind HAProxy send-proxy or nginx proxy_protocol).")
    var proxyProtocol = false
    @Flag(help: "Print the wish-list issuer key of the host key (made if missing), for the market's serve --wish-list-issuer, and exit.")
    var printIssuer = false
    @Option(
        help: ArgumentHelp(
            "Print the wish-list owner this host key issues for a name (16 to 64 of A-Z a-z 0-9 - _; for OPENMARKET_WISHLIST_OWNER behind OpenSSH), and exit.",
            valueName: "name"))
    var issueOwner: String?

    func validate() throws {
        if let issueOwner, !WishListOwner.isValidName(issueOwner) {
            throw ValidationError("--issue-owner takes a name of 16 to 64 of A-Z a-z 0-9 - _")
        }
        if printIssuer || issueOwner != nil { return }
        guard Language(name: lang) != nil else { throw ValidationError("--lang takes en or ko, not “\(lang.prefix(20))”") }
        guard open != (authorizedKeys != nil) else {
            throw ValidationError("choose one: --open (anyone may browse, writes off) or --authorized-keys FILE")
        }
        guard loginGraceTime >= 0.1, silenceTimeout >= 0.1, maxStartups >= 1, maxStartupsPerAddress >= 1, sourcePenalty >= 0,
            maxSessionsPerAddress >= 1, sessionMemory == 0 || sessionMemory >= 128, sessionCpu >= 0,
            (maxStarting ?? 1) >= 1, (-20...19).contains(groupNice), uploadFiles >= 1, uploadFileSize >= 1, uploadSpace >= uploadFileSize
        else {
            throw ValidationError(
                "--login-grace-time and --silence-timeout must be at least 0.1 s; --max-startups, --max-startups-per-address, --max-sessions-per-address and --max-starting at least 1; --source-penalty and --session-cpu 0 or more; --session-memory 0 or at least 128 (a browser maps about 60 MB at rest); --upload-files and --upload-file-size at least 1, --upload-space at least --upload-file-size; --group-nice from -20 to 19")
        }
        if let server, !SettingsFile.isURL(server) {
            // Visitors' browsers read no settings file: a server's name would mean nothing to them.
            throw ValidationError("--server must be a URL such as http://127.0.0.1:8080")
        }
        if authorizedKeys != nil && server != nil {
            throw ValidationError("--authorized-keys creates a vendor per key, so it needs the embedded server (no --server)")
        }
    }

    func run() async throws {
        let directory = dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.defaultDataDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let hostKeyFile = self.hostKey.map { URL(fileURLWithPath: $0) } ?? directory.appendingPathComponent("ssh_host_ed25519_key")
        let hostKey = try HostKeyStore.loadOrCreate(at: hostKeyFile)
        let wishLists = VisitorWishLists(
            secret: try HostKeyStore.derivedSecret(at: hostKeyFile, purpose: VisitorWishLists.purpose),
            issuer: try WishListIssuer(seed: try HostKeyStore.derivedSecret(at: hostKeyFile, purpose: WishListIssuer.purpose)))
        if printIssuer {
            FileHandle.standardOutput.write(Data("\(wishLists.issuer.publicKey.text)\n".utf8))
            return
        }
        if let issueOwner {
            FileHandle.standardOutput.write(Data("\(try wishLists.issuer.owner(named: issueOwner).text)\n".utf8))
            return
        }
        let openFiles = OpenFileLimit.raise()
        let logging = LoggerFactory()
        let logger = logging.make(label: "openmarket.ssh", level: logLevel)
        let flusher = Task { await logging.sink.runFlusher() }
        defer { flusher.cancel() }
        if let line = FrontWeight().apply(nice: groupNice).logLine { logger.info("\(line)") }
        let metrics = PrometheusMetrics()
        let limits = sessionLimits(openFiles: openFiles)
        // Sized for the seats' browsers; never below a market's own default (other local clients may use it).
        let marketConnections = max(
            ConnectionLimits.defaultMaxConnections(openFiles: openFiles),
            SessionCapacity.marketConnections(maxSessions: limits.maxSessions, openFiles: openFiles))
        let embedded =
            server == nil
            ? try await EmbeddedServer.start(
                directory: directory, logger: logger, metrics: metrics.factory, wishListIssuers: [wishLists.issuer.publicKey],
                maxConnections: marketConnections, changeSocket: true) : nil
        let marketURL = embedded?.url.absoluteString ?? server!
        var (launcher, keys) = try sessionLauncher(
            directory: directory, marketURL: marketURL, embedded: embedded, wishLists: wishLists, logger: logger)
        launcher.template = startTemplate(for: launcher, logger: logger)
        defer { launcher.template?.stop() }
        if let sanitizer = SessionBudget.sanitizer, sessionMemory > 0 {
            logger.warning("built with the \(sanitizer) sanitizer: browsers run without a memory budget (its shadow memory is data)")
        }
        let ssh = try await MarketSSHServer.start(
            host: host, port: port, hostKey: hostKey, launcher: launcher, authorizedKeys: keys, limits: limits,
            proxyProtocol: proxyProtocol, metrics: SSHMetrics(factory: metrics.factory))
        let listener = try await metricsListener(metrics, logger: logger)
        let stop = Self.stopOnSignals(ssh, logger: logger)
        defer { stop.signals.forEach { $0.cancel() } }
        let lines = [
            "openmarket over SSH on \(host):\(ssh.port) (market: \(marketURL)); at most \(limits.maxSessions) sessions"
                + (embedded == nil ? "" : ", their market \(marketConnections) connections at once"),
            "host key \(HostKeyStore.fingerprint(hostKey.publicKey))",
            "connect: ssh -t -p \(ssh.port) \(host)        keys: ssh -p \(ssh.port) \(host) help",
        ] + (open ? ["without a key, no password asked: ssh -t -p \(ssh.port) guest@\(host)"] : [])
            + (embedded == nil ? ["wish lists: the market keeps them if started with --wish-list-issuer \(wishLists.issuer.publicKey.text)"] : [])
            + (listener.map { ["metrics: http://\(metricsHost):\($0.port)/metrics"] } ?? []) + ["Stop with Ctrl-C."]
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        for await _ in stop.stopped {}
        if let listener {
            await listener.group.triggerGracefulShutdown()
            await listener.task.value
        }
        await embedded?.stop()
    }

    /// What every session runs: this binary's browser on the market, with the environment of `--open` (writes
    /// off) or of each authorized key (its vendor, created on first use with the embedded market); and the keys.
    /// Every visitor's wish list is kept by the market under a name derived from the key they offered
    /// (`VisitorWishLists`), in `--open` mode too; a visitor who offered none keeps one for the session.
    func sessionLauncher(
        directory: URL, marketURL: String, embedded: EmbeddedServer?, wishLists: VisitorWishLists, logger: Logger
    ) throws -> (SessionLauncher, AuthorizedKeys?) {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        // No settings file for visitors: the operator's is the operator's. Their HOME is an empty folder of the
        // front's that nothing may be written into (not the operator's, which holds a saved identity and
        // secrets), so a visitor's browser finds no identity, settings or choices but what is given it below.
        // Choices are kept per visitor key (below); `--open` visitors, who are nobody in particular, keep none.
        let home = try Self.visitorHome(in: directory)
        var environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, SettingsFile.environmentKey: "",
            // A browser that crashes (over its budget, say) ends at once: no backtrace on the visitor's screen
            // (it names the front's files) and no second of CPU spent writing one.
            "SWIFT_BACKTRACE": "enable=no",
            RememberedChoices.environmentKey: "", EnvironmentKey.wishListOwner: "",
            // A browser's few connections to its market need one event loop, not one a core; and its threads one
            // malloc arena, not one each (an arena is 128 MB of address space and a system call a page it grows:
            // seven arenas and 73 mprotects a start, strace). Set for the template too, which its browsers inherit.
            "NIO_SINGLETON_GROUP_LOOP_COUNT": "1", "MALLOC_ARENA_MAX": "1",
        ]
        // On its own market, the browsers follow its changes on a local socket instead of over HTTP (an edit
        // then costs the front a write a browser, and the browser one wake: docs/DECISIONS.md).
        if let socket = embedded?.changeSocket { environment[ChangeEvents.socketEnvironmentKey] = socket.path }
        var keys: AuthorizedKeys?
        var environmentForKey: @Sendable (String) -> [String: String] = { _ in [:] }
        if let authorizedKeys {
            let loaded = try AuthorizedKeys(contentsOf: URL(fileURLWithPath: authorizedKeys))
            guard loaded.count > 0 else { throw ValidationError("no usable public keys in \(authorizedKeys)") }
            keys = loaded
            environmentForKey = try Self.keyEnvironment(keys: loaded, directory: directory, vendors: embedded?.vendors, logger: logger)
        } else {
            // Writes off; the browser says so in the visitor's language.
            environment[EnvironmentKey.readOnly] = "1"
        }
        let forKey = environmentForKey
        // Vendor keys' upload folders: the picture field reads them, sftp and scp write them. An `--open` front
        // takes no files: its visitors are nobody in particular.
        let uploads = UploadFolders(
            root: directory.appendingPathComponent("uploads").path,
            quota: UploadQuota(files: uploadFiles, fileBytes: uploadFileSize << 20, bytes: uploadSpace << 20))
        let takesFiles = authorizedKeys != nil
        environmentForKey = { fingerprint in
            var environment = forKey(fingerprint)
            environment[EnvironmentKey.wishListOwner] = wishLists.owner(forFingerprint: fingerprint)?.text ?? ""
            // Picture files come from the key's own upload folder on the server, never from the host at large;
            // a visitor without a key has none, and neither has any visitor of an `--open` front (writes are
            // off there, and a folder per key offered would let anyone make folders on the host).
            environment[EnvironmentKey.pictureFolder] = takesFiles ? uploads.path(forFingerprint: fingerprint) ?? "" : ""
            return environment
        }
        let launcher = SessionLauncher(
            executable: executable,
            arguments: ["browse", "--server", marketURL, "--data-dir", directory.path],
            environment: environment, logger: logger, frontName: name ?? ProcessInfo.processInfo.hostName,
            defaultLanguage: Language(name: lang) ?? .english, environmentForKey: environmentForKey,
            uploads: keys == nil ? nil : uploads)
        return (launcher, keys)
    }

    /// The warm process browsers are forked from, unless `--no-session-template`, or a ThreadSanitizer build
    /// (its own thread makes the template multi-threaded, and a browser forked from it may not start threads),
    /// or it cannot be had (then each browser is spawned afresh, and the log says why).
    func startTemplate(for launcher: SessionLauncher, logger: Logger) -> SessionTemplate? {
        guard sessionTemplate else { return nil }
        guard SessionBudget.sanitizer != "thread" else {
            logger.notice("built with the thread sanitizer: every browser is spawned afresh (no session template)")
            return nil
        }
        do {
            return try SessionTemplate(
                executable: launcher.executable, arguments: launcher.arguments, environment: launcher.environment, logger: logger)
        } catch {
            logger.warning("no session template (\(error)): every browser is spawned afresh")
            return nil
        }
    }

    /// The limits from the options, with the defaults that follow from this machine (open files, cores).
    func sessionLimits(openFiles: Int) -> SessionLimits {
        SessionLimits(
            maxSessions: maxSessions ?? SessionCapacity.defaultMaxSessions(openFiles: openFiles),
            maxSessionsPerAddress: maxSessionsPerAddress, idleTimeout: .seconds(idleTimeout), maxSessionTime: .seconds(maxSessionTime),
            connectionsPerMinute: connectionsPerMinute, loginGraceTime: .milliseconds(Int(loginGraceTime * 1000)),
            maxStartups: maxStartups, maxStartupsPerAddress: maxStartupsPerAddress,
            silenceTimeout: .milliseconds(Int(silenceTimeout * 1000)), sourcePenalty: .milliseconds(Int(sourcePenalty * 1000)),
            maxStarting: maxStarting ?? 16 * ProcessInfo.processInfo.activeProcessorCount, budget: budget)
    }

    /// Each browser's budget from `--session-memory` and `--session-cpu`; 0 turns that part off (no limit), and
    /// so does a sanitizer build for memory (`SessionBudget.sanitizer`).
    var budget: SessionBudget {
        SessionBudget(
            memoryBytes: sessionMemory == 0 || SessionBudget.sanitizer != nil ? Int(Int64.max >> 1) : sessionMemory << 20,
            cpuSeconds: sessionCpu == 0 ? Int(Int32.max) : sessionCpu)
    }

    /// `GET /metrics` on `--metrics-port`, when asked for: its service group, the task running it, and the port.
    func metricsListener(
        _ metrics: PrometheusMetrics, logger: Logger
    ) async throws -> (group: ServiceGroup, task: Task<Void, Never>, port: Int)? {
        guard let metricsPort else { return nil }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let application = MetricsEndpoint.application(
            host: metricsHost, port: metricsPort, logger: logger, text: { metrics.text() },
            onRunning: { portSink.yield($0) })
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let task = Task {
            do { try await group.run() } catch { logger.error("metrics listener stopped: \(error)") }
            portSink.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            throw ValidationError("could not listen on \(metricsHost):\(metricsPort) for metrics; see the log")
        }
        return (group, task, bound)
    }

    /// SIGINT and SIGTERM stop the server: every session gets a goodbye line (its browser restores its screen
    /// first), then `stopped` ends. Installed before the start line is printed, so that a signal sent on
    /// reading it is never the default one.
    static func stopOnSignals(
        _ ssh: MarketSSHServer, logger: Logger
    ) -> (stopped: AsyncStream<Void>, signals: [any DispatchSourceSignal]) {
        let (stopped, stoppedSink) = AsyncStream.makeStream(of: Void.self)
        let signals = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler {
                Task {
                    logger.notice("stopping: \(ssh.sessionCount) session(s) to close")
                    await ssh.stop()
                    stoppedSink.finish()
                }
            }
            source.resume()
            return source
        }
        return (stopped, signals)
    }
}
