#!/usr/bin/env python3
"""Terminal benchmarks of the browser (release build): cold start to first painted page with the embedded
server, and bytes written to the terminal per key at 120x40 (what each key costs over SSH).

Usage: bench/terminal.py [BINARY] [--first-start-only | --settings-only]   (default .build/release/openmarket)
"""
import fcntl, os, pty, re, select, signal, statistics, struct, subprocess, sys, tempfile, termios, time

# Every browser from the defaults: no settings file, no choices remembered from an earlier run.
os.environ.setdefault("OPENMARKET_CONFIG", "")
os.environ["OPENMARKET_CHOICES"] = ""

BIN = next((a for a in sys.argv[1:] if not a.startswith("--")), ".build/release/openmarket")
TUI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "tools", "tui.py")


def seed(data):
    p = subprocess.Popen([BIN, "serve", "--port", "0", "--data-dir", data, "--log-level", "warning"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in p.stdout:
        if "Stop with Ctrl-C" in line:
            break
    p.terminate()
    p.wait()


def drain(fd):
    """Reads what the browser wrote within 50 ms (as a terminal would); False once the terminal is gone."""
    r, _, _ = select.select([fd], [], [], 0.05)
    if r:
        try:
            os.read(fd, 65536)
        except OSError:
            return False
    return True


def cold_start(data, runs=7, config="", environment=None):
    """`config`: the settings file the browser reads ("" for none); `environment`: more variables."""
    log = os.path.join(data, "openmarket.log")
    ready, painted, pictures = [], [], []
    for _ in range(runs):
        start = os.path.getsize(log) if os.path.exists(log) else 0
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["LANG"] = "C.UTF-8"
            os.environ["TERM"] = "xterm-256color"
            os.environ["OPENMARKET_CONFIG"] = config
            os.environ["OPENMARKET_CHOICES"] = ""  # every launch from the defaults
            os.environ.update(environment or {})
            os.execv(BIN, [BIN, "--data-dir", data])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        deadline = time.time() + 30
        text = ""
        while time.time() < deadline:
            if not drain(fd):
                break
            if not os.path.exists(log):
                continue  # the browser has not opened its log yet
            with open(log) as f:
                f.seek(start)
                text = f.read()
            if "first pictures drawn" in text:
                break
        os.kill(pid, signal.SIGTERM)
        # Keep reading while it exits: a terminal that stops reading would block its last frame.
        while os.waitpid(pid, os.WNOHANG)[0] != pid:
            drain(fd)
        os.close(fd)
        r = re.search(r"ready at \S+ after (\d+) ms", text)
        p = re.search(r"first page painted after (\d+) ms", text)
        d = re.search(r"first pictures drawn after (\d+) ms", text)
        if r and p:
            ready.append(int(r.group(1)))
            painted.append(int(p.group(1)))
        if d:
            pictures.append(int(d.group(1)))
    return ready, painted, pictures


def first_start(runs=5):
    """Launch on an empty data directory each time: the demo catalog is seeded, then the first page painted."""
    painted, drawn, seeding, size_first, size_all, fill = [], [], [], [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="openmarket-first-") as data:
            _, p, d = cold_start(data, runs=1)
            painted += p
            drawn += d
            with open(os.path.join(data, "openmarket.log")) as f:
                log = f.read()
            s = re.search(r"seeded the demo catalog in ([0-9.]+) seconds", log)
            if s:
                seeding.append(float(s.group(1)) * 1000)
            size_first.append(du(data))
        # A server on an empty directory, left until every demo picture is made.
        with tempfile.TemporaryDirectory(prefix="openmarket-fill-") as data:
            p = subprocess.Popen([BIN, "serve", "--port", "0", "--data-dir", data, "--log-level", "info"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for line in p.stderr:
                m = re.search(r"made (\d+) demo pictures in ([0-9.]+) seconds", line)
                if m:
                    fill.append(float(m.group(2)))
                    break
            p.terminate()
            p.wait()
            size_all.append(du(data))
    return painted, drawn, seeding, size_first, size_all, fill


def du(path):
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            total += os.path.getsize(os.path.join(root, name))
    return total / 1e6


def key_bytes(data):
    keys = ["j"] * 8 + ["j"] * 8 + ["k"] * 3
    out = subprocess.run([sys.executable, TUI, "bytes", "--size", "120x40", "--settle", "0.4", "--keys", ",".join(keys),
                          "--", BIN, "--data-dir", data, "--layout", "list"], capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines()[1:] if line.strip()]
    first = int(rows[0][-1])
    steps = [int(r[-1]) for r in rows[1:]]
    return first, steps[:8], steps[11:16]


SETTINGS = """# every setting, two named servers and a keymap: what a settings file costs at start
server: embedded
layout: grid
pictures: auto
colors: auto
poll-interval: 10
mouse: true
ascii: false
theme: auto
servers:
  course:
    url: http://127.0.0.1:8080
    identifier: vendor
    secret: secret
  other:
    url: https://market.example
keys:
  move.down: [j, down]
  move.up: [k, up]
  help: ["?", f1]
  form.submit: ctrl-s
"""


def settings_cost(runs=15):
    """First page painted with a settings file and without, alternating in one run. The terminal (a pty that
    answers nothing) is not asked anything in either: the environment names the pictures, the theme and the
    colours, so the probe's wait does not drown the file's cost."""
    quiet = {"OPENMARKET_PICTURES": "blocks", "OPENMARKET_THEME": "dark", "COLORTERM": "truecolor"}
    with_file, without = [], []
    with tempfile.TemporaryDirectory(prefix="openmarket-settings-") as data:
        seed(data)
        path = os.path.join(data, "config.yaml")
        with open(path, "w") as f:
            f.write(SETTINGS)
        cold_start(data, runs=1)  # warm the page cache for both
        for _ in range(runs):
            without += cold_start(data, runs=1, environment=quiet)[1]
            with_file += cold_start(data, runs=1, config=path, environment=quiet)[1]
    return with_file, without


def main():
    build = "debug" if "/debug/" in BIN else "release"
    if "--settings-only" in sys.argv:
        with_file, without = settings_cost()
        print(f"# openmarket settings file at start — {time.strftime('%Y-%m-%d %H:%M')} — {os.cpu_count()} cores, {build} build, load {os.getloadavg()[0]:.2f}")
        print("| figure | median | min | max |")
        print("|---|---|---|---|")
        print(f"| first page painted, no settings file (ms since launch) | {statistics.median(without)} | {min(without)} | {max(without)} |")
        print(f"| first page painted, a settings file of every setting and keys (ms) | {statistics.median(with_file)} | {min(with_file)} | {max(with_file)} |")
        print(f"| difference of the medians (ms) | {statistics.median(with_file) - statistics.median(without)} | | |")
        return
    first_run = first_start()
    if "--first-start-only" in sys.argv:
        print(f"# openmarket first start — {time.strftime('%Y-%m-%d %H:%M')} — {os.cpu_count()} cores, {build} build")
        print("| figure | median | min | max |")
        print("|---|---|---|---|")
        first_start_rows(build, *first_run)
        return
    with tempfile.TemporaryDirectory(prefix="openmarket-bench-") as data:
        seed(data)
        ready, painted, drawn = cold_start(data)
        first, within, scrolling = key_bytes(data)
    after = [p - r for r, p in zip(ready, painted)]
    print(f"# openmarket terminal benchmarks — {time.strftime('%Y-%m-%d %H:%M')} — {os.cpu_count()} cores, {build} build")
    print("| figure | median | min | max |")
    print("|---|---|---|---|")
    first_start_rows(build, *first_run)
    print(f"| cold start: embedded server ready (ms) | {statistics.median(ready)} | {min(ready)} | {max(ready)} |")
    print(f"| cold start: first page painted (ms since launch) | {statistics.median(painted)} | {min(painted)} | {max(painted)} |")
    if drawn:
        print(f"| cold start: … and every picture on it drawn (ms since launch) | {statistics.median(drawn)} | {min(drawn)} | {max(drawn)} |")
    print(f"| first page painted after the server was ready (ms) | {statistics.median(after)} | {min(after)} | {max(after)} |")
    print(f"| bytes: first paint at 120x40 | {first} | | |")
    print(f"| bytes: j within the window | {statistics.median(within)} | {min(within)} | {max(within)} |")
    print(f"| bytes: j scrolling by one product | {statistics.median(scrolling)} | {min(scrolling)} | {max(scrolling)} |")


def first_start_rows(build, painted, drawn, seeding, size_first, size_all, fill):
    def row(name, values, fmt="{:.0f}"):
        if values:
            print(f"| {name} | {fmt.format(statistics.median(values))} | {fmt.format(min(values))} | {fmt.format(max(values))} |")
        else:
            print(f"| {name} | n/a | | |")
    row(f"first start ({build}): empty data directory → first page painted (ms since launch)", painted)
    row(f"first start ({build}): … and every picture on it drawn (ms since launch)", drawn)
    row(f"first start ({build}): seeding the demo catalog (ms)", seeding)
    row(f"first start ({build}): data directory after the first page (MB)", size_first, "{:.1f}")
    row(f"first start ({build}): every demo picture made, in the background (s)", fill, "{:.1f}")
    row(f"first start ({build}): data directory with every picture (MB)", size_all, "{:.1f}")


if __name__ == "__main__":
    main()
