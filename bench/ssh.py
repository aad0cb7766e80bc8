#!/usr/bin/env python3
"""SSH benchmarks of `openmarket ssh --open` (release build) with the stock OpenSSH client:
bytes for the first paint and per key (what crosses the SSH channel), time from connect to the first
painted page, memory per session, and a load of 20 sessions scrolling for 10 s.

Usage: bench/ssh.py [BINARY]   (default .build/release/openmarket)
"""
import fcntl, os, pty, re, select, signal, statistics, struct, subprocess, sys, tempfile, termios, time

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/openmarket")


def start(data):
    key = os.path.join(data, "id_bench")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
    server = subprocess.Popen([BIN, "ssh", "--open", "--port", "0", "--data-dir", data, "--max-sessions", "64",
                               "--connections-per-minute", "1000"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = None
    for line in server.stdout:
        m = re.search(r"127\.0\.0\.1:(\d+)", line)
        if m and port is None:
            port = int(m.group(1))
        if "Stop with Ctrl-C" in line:
            break
    return server, port, key


def connect(port, key, cols=120, rows=40):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp("ssh", ["ssh", "-t", "-p", str(port), "-o", "StrictHostKeyChecking=no", "-o",
                          "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-i", key, "127.0.0.1"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return pid, fd


def drain(fd, settle, limit=20, until=None):
    n, data, start, last = 0, b"", time.time(), time.time()
    while time.time() - start < limit:
        r, _, _ = select.select([fd], [], [], 0.02)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            n += len(chunk)
            data += chunk[-4096:]
            last = time.time()
            if until and until in data:
                return n, time.time() - start
        elif n and time.time() - last > settle:
            break
    return n, time.time() - start


def close(pid, fd):
    try:
        os.write(fd, b"q")
    except OSError:
        pass
    time.sleep(0.2)
    try:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    os.close(fd)


def rss_kb(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def pss_kb(pid):
    """Proportional set size: the process's private pages plus its share of pages it shares (the binary)."""
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid):
    """User + system CPU time of a process so far."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def children(pid):
    out = subprocess.run(["pgrep", "-P", str(pid), "-f", "openmarket browse"], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def main():
    with tempfile.TemporaryDirectory(prefix="openmarket-ssh-bench-") as data:
        server, port, key = start(data)
        try:
            # Connect → first painted page (title line with the product count), 5 times.
            times = []
            for _ in range(5):
                pid, fd = connect(port, key)
                _, elapsed = drain(fd, 1.0, until=b"Vintage")  # the demo catalog's newest product
                times.append(elapsed * 1000)
                drain(fd, 0.5)
                close(pid, fd)
            # Bytes: first paint, j within the window, j scrolling by one product.
            pid, fd = connect(port, key)
            first, _ = drain(fd, 1.0)
            steps = []
            for _ in range(16):
                os.write(fd, b"j")
                steps.append(drain(fd, 0.4)[0])
            close(pid, fd)
            # Memory and load: 20 sessions scrolling for 10 s.
            sessions = [connect(port, key) for _ in range(20)]
            for pid, fd in sessions:
                drain(fd, 0.5, limit=15)
            browsers = children(server.pid)
            cpu_before = {p: cpu_seconds(p) for p in browsers}
            server_cpu_before = cpu_seconds(server.pid)
            started = time.time()
            end = started + 10
            keys = 0
            while time.time() < end:
                for pid, fd in sessions:
                    os.write(fd, b"j")
                    keys += 1
                    drain(fd, 0.0, limit=0.01)
            wall = time.time() - started
            cpu_per_session = [(cpu_seconds(p) - cpu_before.get(p, 0.0)) / wall * 100 for p in browsers]
            server_cpu = (cpu_seconds(server.pid) - server_cpu_before) / wall * 100
            per_session = [rss_kb(p) / 1024 for p in browsers]
            pss_per_session = [pss_kb(p) / 1024 for p in browsers]
            server_mb = rss_kb(server.pid) / 1024
            alive = sum(1 for pid, fd in sessions if os.waitpid(pid, os.WNOHANG) == (0, 0))
            for pid, fd in sessions:
                close(pid, fd)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)
    print(f"# openmarket ssh benchmarks — {time.strftime('%Y-%m-%d %H:%M')} — {os.cpu_count()} cores, release build")
    print("| figure | median | min | max |")
    print("|---|---|---|---|")
    print(f"| connect → first painted page (ms, ssh client start included) | {statistics.median(times):.0f} | {min(times):.0f} | {max(times):.0f} |")
    print(f"| bytes over SSH: first paint at 120x40 | {first} | | |")
    print(f"| bytes over SSH: j within the window | {statistics.median(steps[:8]):.0f} | {min(steps[:8])} | {max(steps[:8])} |")
    print(f"| bytes over SSH: j scrolling by one product | {statistics.median(steps[11:]):.0f} | {min(steps[11:])} | {max(steps[11:])} |")
    print(f"| load: 20 sessions scrolling 10 s — sessions alive at the end | {alive}/20 | | |")
    print(f"| load: keys sent in 10 s | {keys} | | |")
    if per_session:
        print(f"| memory per session (browser process RSS, MB) | {statistics.median(per_session):.1f} | {min(per_session):.1f} | {max(per_session):.1f} |")
        print(f"| memory per session (browser process PSS, MB) | {statistics.median(pss_per_session):.1f} | {min(pss_per_session):.1f} | {max(pss_per_session):.1f} |")
        print(f"| CPU per scrolling session (% of one core, {keys / 20 / wall:.0f} keys/s each) | {statistics.median(cpu_per_session):.1f} | {min(cpu_per_session):.1f} | {max(cpu_per_session):.1f} |")
    print(f"| ssh server process RSS with 20 sessions (MB) | {server_mb:.1f} | | |")
    print(f"| ssh server process CPU with 20 scrolling sessions (% of one core) | {server_cpu:.0f} | | |")


if __name__ == "__main__":
    main()
