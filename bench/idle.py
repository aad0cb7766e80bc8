#!/usr/bin/env python3
"""What an idle visitor costs: N SSH visitors of `openmarket ssh --open` who arrive, get their first page and
press nothing; once all are in (and 15 s more), the CPU of the front and of its browsers is read from /proc over
a window, and divided by the sessions open and the seconds. With `--peer`, a second build is measured the same
way in the same run (one after the other, alone on the machine), and the ratio printed.

The crowd is bench/crowd.py (AsyncSSH, half the visitors with keys), at normal priority; its own CPU is not
counted. What wakes an idle session is timers (the front's watchdogs, the market's connection checks, the
stream's heartbeat, the browser's own), so this is the figure that grows with the crowd while nobody types.

Usage:
  bench/idle.py --binary .build/release/openmarket [--peer OTHER] [--visitors 300] [--window 40] [--json FILE]
"""
import argparse, json, os, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import crowd as crowdlib  # noqa: E402  (its /proc readers: proc_cpu, browsers)


def front_of(crowd_pid):
    """The front crowd.py started: its child running `ssh --open`."""
    for child in crowdlib.children(crowd_pid):
        try:
            if b"\0ssh\0--open\0" in open(f"/proc/{child}/cmdline", "rb").read():
                return child
        except OSError:
            continue
    return None


def cpu(front):
    """(the front's CPU with the children it reaped, its live browsers' CPU, how many) in seconds."""
    live = crowdlib.browsers(front)
    return crowdlib.proc_cpu(front), sum(crowdlib.proc_cpu(b, with_children=False) for b in live), len(live)


def measure(binary, args):
    arrival = args.visitors / 20
    crowd = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "crowd.py"), "--binary", binary, "--visitors", str(args.visitors),
         "--rate", "20", "--stay", str(arrival + 15 + args.window + 10), "--key-every", "1000000", "--keyed", "0.5",
         "--nice", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(arrival + 15)
        front = front_of(crowd.pid)
        if front is None:
            sys.exit("idle.py: the crowd's front was not found")
        a = cpu(front)
        started = time.monotonic()
        time.sleep(args.window)
        z = cpu(front)
        seconds = time.monotonic() - started
    finally:
        crowd.wait()
    sessions = max(1, min(a[2], z[2]))
    per = lambda cpu_seconds: cpu_seconds / seconds / sessions * 1000
    return {"binary": binary, "sessions": sessions, "front_ms_per_s": round(per(z[0] - a[0]), 4),
            "browser_ms_per_s": round(per(z[1] - a[1]), 4),
            "total_ms_per_s": round(per(z[0] - a[0] + z[1] - a[1]), 4)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--peer", help="another build, measured the same way in the same run")
    parser.add_argument("--visitors", type=int, default=300)
    parser.add_argument("--window", type=float, default=40, help="seconds of idleness measured")
    parser.add_argument("--json")
    args = parser.parse_args()
    results = [measure(binary, args) for binary in [args.binary] + ([args.peer] if args.peer else [])]
    for r in results:
        print(f"{r['binary']}: {r['sessions']} idle sessions, CPU per session per second: front {r['front_ms_per_s']:.3f} ms, "
              f"browser {r['browser_ms_per_s']:.3f} ms, together {r['total_ms_per_s']:.3f} ms")
    if args.peer:
        print(f"together, this build against the peer: {results[0]['total_ms_per_s'] / max(1e-9, results[1]['total_ms_per_s']):.2f}x")
    if args.json:
        json.dump(results, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
