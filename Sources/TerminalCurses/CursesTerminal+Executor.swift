import Foundation
public import TerminalUI

/// The drawing thread as a task executor: a task that prefers it (the browser's loop, and the task that
/// reads the terminal's input for it) runs its jobs between the thread's waits. A key is then read, handled,
/// drawn into a frame and written without a thread switch; before, it crossed to a concurrency thread and back
/// (two wakes a key, a fifth of a browser's CPU a key under a crowd). Jobs that come from other threads (a page
/// loaded) wake the thread as a frame does. Once the thread has ended, jobs go to the global executor.
extension CursesTerminal: TaskExecutor {
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = mailbox.withLockedValue { box -> Bool in
            guard !box.threadDown else { return false }
            box.jobs.append(job)
            return true
        }
        if queued {
            wake()
        } else {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }

    /// This terminal's thread while it runs (nil when it could not start).
    public var executor: (any TaskExecutor)? {
        mailbox.withLockedValue { $0.threadDown } ? nil : self
    }

    /// Runs the jobs queued, and those they queue, up to 64 rounds; more are left for the next turn, with a
    /// wake, so a task that yields in a loop cannot keep input and frames waiting.
    func runJobs() {
        for _ in 0..<64 {
            let jobs = mailbox.withLockedValue { box -> [UnownedJob] in
                defer { box.jobs.removeAll(keepingCapacity: true) }
                return box.jobs
            }
            if jobs.isEmpty { return }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
        if mailbox.withLockedValue({ !$0.jobs.isEmpty }) {
            var byte: UInt8 = 1
            _ = write(wakeDescriptor, &byte, 1)
        }
    }

    /// The thread is ending: jobs still queued, and any that come later, go to the global executor.
    func threadEnded() {
        let left = mailbox.withLockedValue { box -> [UnownedJob] in
            box.threadDown = true
            defer { box.jobs = [] }
            return box.jobs
        }
        thread.withLockedValue { $0 = nil }
        for job in left { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }
}
