import NIOConcurrencyHelpers
import Untrusted

/// One SSH connection: who it is (filled in by authentication, read for log lines), whether it has said
/// anything and whether it has a session (read by its watchdog, which closes connections that stay silent
/// or go without a session for too long).
final class ConnectionInfo: Sendable {
    private struct State {
        var user = "?"
        var fingerprint = "none"
        var sessions = 0
        var idleSince: ContinuousClock.Instant
        var inStartup = true
        var heard = false
        var files = false
        /// Called when the last open session ends (the watchdog's next look).
        var withoutSession: (@Sendable () -> Void)?
    }

    /// Its number at the door (`SessionRegistry.admit`).
    let id: Int
    let address: String
    /// Who the per-address limits count it as (`SourceKey`: an IPv6 address by its /64).
    let source: String
    /// When it was let in.
    let opened: ContinuousClock.Instant
    private let state: NIOLockedValueBox<State>

    init(id: Int = 0, address: String, source: String? = nil, now: ContinuousClock.Instant = .now) {
        self.id = id
        self.address = address
        self.source = source ?? SourceKey.of(address)
        opened = now
        state = NIOLockedValueBox(State(idleSince: now))
    }

    /// The client sent its first bytes (its SSH version line).
    func heardFrom() {
        state.withLockedValue { $0.heard = true }
    }

    /// True when the client has sent nothing for longer than `timeout` since the connection opened.
    func hasBeenSilent(longerThan timeout: Duration, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLockedValue { !$0.heard } && now - opened > timeout
    }

    func authenticated(user: String, fingerprint: String) {
        state.withLockedValue {
            $0.user = user
            $0.fingerprint = fingerprint
        }
    }

    var user: String { state.withLockedValue { $0.user } }

    /// `user=… key=… address=…` for a log line: the user name is the client's own words, so it is written as
    /// one value with its control characters shown (`UntrustedText.logValue`): it cannot end the line or pass
    /// for another field.
    var logFields: String {
        let (user, fingerprint) = state.withLockedValue { ($0.user, $0.fingerprint) }
        return "user=\(UntrustedText.logValue(user)) key=\(fingerprint) address=\(UntrustedText.logValue(address))"
    }

    var fingerprint: String { state.withLockedValue { $0.fingerprint } }

    /// A session began on this connection; true when it is the first (the connection's startup is over).
    func sessionStarted() -> Bool {
        state.withLockedValue { state in
            state.sessions += 1
            defer { state.inStartup = false }
            return state.inStartup
        }
    }

    /// A file session (SFTP) began on this connection; false when it has one already (one at a time: a client
    /// opening a hundred channels gets one).
    func filesStarted() -> Bool {
        state.withLockedValue { state in
            defer { state.files = true }
            return !state.files
        }
    }

    /// The connection's file session ended.
    func filesEnded() {
        state.withLockedValue { $0.files = false }
    }

    /// A session counted by `sessionStarted` ended.
    func sessionEnded(now: ContinuousClock.Instant = .now) {
        let call = state.withLockedValue { state -> (@Sendable () -> Void)? in
            state.sessions = max(0, state.sessions - 1)
            guard state.sessions == 0 else { return nil }
            state.idleSince = now
            return state.withoutSession
        }
        call?()
    }

    /// What to call each time the connection is left without a session (nil: nothing).
    func whenWithoutSession(_ call: (@Sendable () -> Void)?) {
        state.withLockedValue { $0.withoutSession = call }
    }

    /// When the connection could first be found silent (`hasBeenSilent`) or without a session for longer than
    /// `grace`; nil while it has a session and has spoken (nothing can expire until the session ends).
    func nextLook(silence: Duration, grace: Duration) -> ContinuousClock.Instant? {
        state.withLockedValue { state in
            let silent = state.heard ? nil : opened + silence
            let idle = state.sessions == 0 ? state.idleSince + grace : nil
            return [silent, idle].compactMap { $0 }.min()
        }
    }

    /// True when the connection has had no session for longer than `grace`.
    func hasBeenWithoutSession(longerThan grace: Duration, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLockedValue { $0.sessions == 0 && now - $0.idleSince > grace }
    }

    /// Whether it is still without its first session.
    var isInStartup: Bool { state.withLockedValue { $0.inStartup } }

    /// Ends the startup of a connection that closes before its first session; true if it was still in it.
    func closeStartup() -> Bool {
        state.withLockedValue { state in
            defer { state.inStartup = false }
            return state.inStartup
        }
    }
}
