#!/usr/bin/env python3
"""Terminal benchmarks of the browser (release build): cold start to first painted page with the embedded
server, and bytes written to the terminal per key at 120x40 (what each key costs over SSH).

Usage: bench/terminal.py [BINARY]   (default .build/release/openmarket)
"""
import fcntl, os, pty, re, select, signal, statistics, struct, subprocess, sys, tempfile, termios, time

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/openmarket"
TUI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "tools", "tui.py")


def seed(data):
    p = subprocess.Popen([BIN, "serve", "--port", "0", "--data-dir", data, "--log-level", "warning"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in p.stdout:
        if "Stop with Ctrl-C" in line:
            break
    p.terminate()
    p.wait()


def cold_start(data, runs=7):
    log = os.path.join(data, "openmarket.log")
    ready, painted = [], []
    for _ in range(runs):
        start = os.path.getsize(log) if os.path.exists(log) else 0
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["LANG"] = "C.UTF-8"
            os.environ["TERM"] = "xterm-256color"
            os.execv(BIN, [BIN, "--data-dir", data])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        deadline = time.time() + 30
        text = ""
        while time.time() < deadline:
            r, _, _ = select.select([fd], [], [], 0.05)
            if r:
                try:
                    os.read(fd, 65536)
                except OSError:
                    break
            with open(log) as f:
                f.seek(start)
                text = f.read()
            if "first page painted" in text:
                break
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
        os.close(fd)
        r = re.search(r"ready at \S+ after (\d+) ms", text)
        p = re.search(r"first page painted after (\d+) ms", text)
        if r and p:
            ready.append(int(r.group(1)))
            painted.append(int(p.group(1)))
    return ready, painted


def key_bytes(data):
    keys = ["j"] * 8 + ["j"] * 8 + ["k"] * 3
    out = subprocess.run([sys.executable, TUI, "bytes", "--size", "120x40", "--settle", "0.4", "--keys", ",".join(keys),
                          "--", BIN, "--data-dir", data], capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines()[1:] if line.strip()]
    first = int(rows[0][-1])
    steps = [int(r[-1]) for r in rows[1:]]
    return first, steps[:8], steps[11:16]


def main():
    with tempfile.TemporaryDirectory(prefix="openmarket-bench-") as data:
        seed(data)
        ready, painted = cold_start(data)
        first, within, scrolling = key_bytes(data)
    after = [p - r for r, p in zip(ready, painted)]
    print(f"# openmarket terminal benchmarks — {time.strftime('%Y-%m-%d %H:%M')} — {os.cpu_count()} cores, release build")
    print("| figure | median | min | max |")
    print("|---|---|---|---|")
    print(f"| cold start: embedded server ready (ms) | {statistics.median(ready)} | {min(ready)} | {max(ready)} |")
    print(f"| cold start: first page painted (ms since launch) | {statistics.median(painted)} | {min(painted)} | {max(painted)} |")
    print(f"| first page painted after the server was ready (ms) | {statistics.median(after)} | {min(after)} | {max(after)} |")
    print(f"| bytes: first paint at 120x40 | {first} | | |")
    print(f"| bytes: j within the window | {statistics.median(within)} | {min(within)} | {max(within)} |")
    print(f"| bytes: j scrolling by one product | {statistics.median(scrolling)} | {min(scrolling)} | {max(scrolling)} |")


if __name__ == "__main__":
    main()
