import CPosixSpawn
import CTaskHooks
import Foundation

/// The session template's side: a process of this program, started once by the front, that has already done
/// what every browser does first — loaded, linked, and run the code paths whose first use costs most (the
/// Swift runtime's conformance lookups, the settings' tables, the command line's parser) — and forks one
/// browser per visitor from that warm state, instead of the front spawning a cold process each time
/// (docs/DECISIONS.md).
///
/// It must stay single-threaded until it forks: a fork copies only the calling thread, and a lock another thread
/// held would stay locked in the browser for ever. So it runs before the concurrency runtime starts (`serve` is
/// called from a synchronous `main`), and the warm-up starts no thread, task or event loop.
public enum SessionTemplateLoop {
    /// The command that runs a template (hidden: only a front starts it).
    public static let command = "session-template"
    /// The descriptor the front gives the template its end of their socket on.
    public static let socketDescriptor: Int32 = 3
    /// Set in a template's environment when it starts again without the network warm-up (`restartOffline`).
    public static let offlineKey = "OPENMARKET_TEMPLATE_OFFLINE"

    /// Starts this template again in the same process (its socket on the same descriptor), without the warm-up's
    /// first request to the market: a warm-up that left a thread behind may not fork. One that had already gone
    /// without (`offline`) exits instead — the front then spawns each browser afresh, and its log says so.
    public static func restartOffline(because offline: Bool) -> Never {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
        }
        FileHandle.standardError.write(
            Data("openmarket: the session template has \(names.count) threads after its warm-up (\(names.joined(separator: ", ")))\n".utf8))
        if !offline {
            setenv(offlineKey, "1", 1)
            execv("/proc/self/exe", CommandLine.unsafeArgv)
        }
        Glibc.exit(70)
    }

    /// Answers the front's requests on `socket` until it goes away (then exits: a template outlives no
    /// front). Returns only in a new browser, with the request it is to run: its environment is in place (the
    /// template's own is cleared), its terminal and descriptors are set up.
    public static func serve(socket: Int32 = socketDescriptor) -> SessionTemplateRequest {
        var status = stat()
        guard fstat(socket, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK else {
            FileHandle.standardError.write(Data("openmarket: \(command) is started by `openmarket ssh`, not by hand\n".utf8))
            Glibc.exit(64)
        }
        // A fork copies only the thread that forks: a lock another thread held would stay locked in every browser.
        guard cth_thread_count() == 1 else { restartOffline(because: true) }
        // The browsers run at the front's priority, as spawned ones do, whichever of its threads started this.
        _ = cps_take_parent_priority()
        var buffer = [UInt8](repeating: 0, count: SessionTemplateRequest.mostBytes)
        while true {
            var descriptors = [Int32](repeating: -1, count: Int(CPS_MOST_DESCRIPTORS))
            var descriptorCount: Int32 = 0
            let received = buffer.withUnsafeMutableBytes { bytes in
                cps_receive_with_descriptors(socket, bytes.baseAddress, bytes.count, &descriptors, &descriptorCount)
            }
            // The front closed its end (it stopped, or gave up on this template): nothing left to do.
            guard received != 0 else { Glibc.exit(0) }
            guard received > 0 else {
                if received == -Int(EMSGSIZE) {
                    answer(-EMSGSIZE, on: socket)
                    continue
                }
                Glibc.exit(0)
            }
            let given = Array(descriptors.prefix(Int(descriptorCount)))
            let request = SessionTemplateRequest(decoding: buffer.prefix(received))
            let terminal = given.first
            let inherited = given.count > 1 ? given[1] : -1
            guard let request, let terminal, given.count <= 2, (request.inheritedAs == nil) == (inherited < 0) else {
                given.forEach { close($0) }
                answer(-EINVAL, on: socket)
                continue
            }
            let pid = cps_fork_session(terminal, inherited, request.inheritedAs ?? -1)
            if pid == 0 {
                become(request)
                return request
            }
            given.forEach { close($0) }
            answer(pid, on: socket)
        }
    }

    /// In the new browser: the request's environment and nothing of the template's, and its command line as
    /// `ps` shows it (`openmarket browse …`, cut to the template's length; the arguments themselves are passed
    /// on as they are).
    private static func become(_ request: SessionTemplateRequest) {
        clearenv()
        for (name, value) in request.environment { setenv(name, value, 1) }
        var shown: [UInt8] = []
        for argument in [CommandLine.arguments.first ?? "openmarket"] + request.arguments {
            shown += argument.utf8
            shown.append(0)
        }
        shown.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                cps_rewrite_arguments(CommandLine.argc, CommandLine.unsafeArgv, text.baseAddress, text.count)
            }
        }
    }

    /// The answer to one request: the browser's pid, or minus an error number.
    private static func answer(_ value: Int32, on socket: Int32) {
        var value = value
        _ = withUnsafeBytes(of: &value) { bytes in
            cps_send_with_descriptors(socket, bytes.baseAddress, bytes.count, nil, 0)
        }
    }
}
