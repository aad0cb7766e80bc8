import Foundation
import Logging
import NIOCore

extension SessionHandler {
    /// Waits for the browser to exit, then drains its last output, says goodbye and closes the channel.
    func startReaper(of terminal: PseudoTerminal, channel: any Channel) {
        let logger = launcher.logger
        let connection = self.connection
        // A thread of its own blocks in waitpid: parking dispatch's shared workers there starves
        // everything else that runs on them (the embedded server's database reads among them).
        let reaper = Thread {
            let status = terminal.waitForExit()
            terminal.closeMaster()
            let overBudget = self.registry.limits.budget?.explains(status: status, peakBytes: terminal.peakBytes) == true
            channel.eventLoop.execute {
                if overBudget, self.goodbye == nil {
                    // Only this visitor notices: their browser is gone, and they are told why.
                    self.goodbye = self.state.language.text(.sshBudget)
                    self.endReason = .budget
                    logger.notice(
                        "ssh session ended over its budget \(connection.logFields) status=\(status) peak=\(terminal.peakBytes >> 20)MB")
                }
                self.logEnd(logger: logger, connection: connection, status: status)
                self.running?.watchdog?.cancel()
                // The session leaves the registry when its channel closes (`channelInactive`), after the
                // goodbye below, not now: a server stopping waits for the registry to empty, and exiting
                // while goodbyes were still being written lost some of them.
                // What the browser wrote last (an error line, say) is still in the pty: let the pipe read it
                // to the end (EIO once drained), but no longer than a second (a client that does not read).
                let drained = self.running?.pipe?.closeFuture ?? channel.eventLoop.makeSucceededVoidFuture()
                let cutOff = channel.eventLoop.scheduleTask(in: .seconds(1)) { self.running?.pipe?.close(promise: nil) }
                drained.whenComplete { _ in
                    cutOff.cancel()
                    SessionFarewell.say(self.goodbye, on: channel, status: status)
                }
            }
        }
        reaper.name = "openmarket.ssh.session"
        reaper.start()
    }

    func logEnd(logger: Logger, connection: ConnectionInfo, status: Int32) {
        guard let started = running?.started, running?.ended == false else { return }
        running?.ended = true
        if let pid = running?.terminal.pid { reports.forget(pid) }
        registry.metrics.ended(endReason ?? (status == 0 ? .quit : .failed))
        let seconds = Double((ContinuousClock.now - started).components.seconds)
        logger.info(
            "ssh session end \(connection.logFields) size=\(state.terminal?.columns ?? 0)x\(state.terminal?.rows ?? 0) duration=\(Int(seconds))s status=\(status)")
    }
}
