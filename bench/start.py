#!/usr/bin/env python3
"""What one visitor's arrival costs a front: CPU per session start and memory per session, a front that forks
each browser from its warm session template against one that spawns each afresh (`--no-session-template`),
paired in the same run.

Two fronts of the same build run side by side, each on its own copy of the seeded market. Visitors come one at a
time, alternating between the fronts: connect (AsyncSSH, a pty, xterm's answer to the terminal's question), wait
for the first page, press q, wait for the session to close and its browser to be reaped. CPU per start is the
front's CPU with everything it reaped, plus its template's with everything that reaped (the go-betweens), over the
run, divided by the starts; its handshake and the market's answers are in it, for both alike. The median of
connect → first page is beside it. Then each front holds `--hold` sessions open at once: PSS per session (the
browsers', and with the template's share).

Usage: .build-tools/venv/bin/python bench/start.py [--binary .build/release/openmarket] [--starts 40] [--hold 30] [--json F]
"""
import argparse, asyncio, json, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crowd  # noqa: E402  (its seeded catalog, its /proc readers, its terminal's answer)

try:
    import asyncssh
except ImportError:
    sys.exit("start.py needs AsyncSSH: run it with .build-tools/venv/bin/python (make deps installs it)")

MARKER = b"products"


class Visitor(asyncssh.SSHClientSession):
    def __init__(self):
        self.buffer = b""
        self.first_page = asyncio.get_running_loop().create_future()
        self.closed = asyncio.get_running_loop().create_future()
        self.channel = None

    def connection_made(self, channel):
        self.channel = channel

    def data_received(self, data, datatype):
        if isinstance(data, str):
            data = data.encode("utf-8", "replace")
        self.buffer = (self.buffer + data)[-8192:]
        if crowd.DA1_QUESTION.search(data):
            self.channel.write(crowd.DA1_ANSWER)
        if not self.first_page.done() and MARKER in self.buffer:
            self.first_page.set_result(time.monotonic())

    def connection_lost(self, exc):
        if not self.closed.done():
            self.closed.set_result(True)


async def visit(port, hold=None):
    """One visitor: connect → first page (seconds); then q, unless `hold` (a future) keeps it until set."""
    started = time.monotonic()
    async with asyncssh.connect("127.0.0.1", port, username="guest", known_hosts=None, password=None,
                                client_keys=None, preferred_auth="none") as connection:
        channel, session = await connection.create_session(
            Visitor, term_type="xterm-256color", term_size=(100, 30), encoding=None)
        shown = await asyncio.wait_for(session.first_page, 20)
        if hold is not None:
            await hold
        channel.write(b"q")
        await asyncio.wait_for(session.closed, 10)
    return shown - started


def group_cpu(front):
    """(the front's own, the browsers it reaped, its template's with the go-betweens it reaped), in seconds."""
    own = crowd.proc_cpu(front.pid, with_children=False)
    return (own, crowd.proc_cpu(front.pid) - own,
            sum(crowd.proc_cpu(child) for child in crowd.children(front.pid) if is_template(child)))


def is_template(pid):
    return crowd.is_template(pid)


def browsers(front):
    return crowd.browsers(front.pid)


def wait_reaped(front, limit=10):
    deadline = time.monotonic() + limit
    while browsers(front) and time.monotonic() < deadline:
        time.sleep(0.02)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/openmarket")
    parser.add_argument("--starts", type=int, default=40, help="sessions per front, one at a time")
    parser.add_argument("--hold", type=int, default=30, help="sessions held open at once per front for memory")
    parser.add_argument("--json")
    args = parser.parse_args()
    args.binary = os.path.abspath(args.binary)
    load = os.getloadavg()[0]
    fronts = {}
    folders = []
    # Every visitor comes from 127.0.0.1: the per-address limits are raised, alike for both.
    common = ["--connections-per-minute", "100000", "--max-sessions-per-address", "1000", "--source-penalty", "0"]
    for name, extra in (("template", common), ("afresh", common + ["--no-session-template"])):
        folder = tempfile.mkdtemp(prefix=f"openmarket-start-{name}-")
        folders.append(folder)
        options = argparse.Namespace(binary=args.binary, port=None, front_args=extra)
        fronts[name] = (crowd.start_front(options, folder), options.port)
    time.sleep(1)
    loop = asyncio.new_event_loop()
    cpu = {name: [0.0, 0.0, 0.0] for name in fronts}
    first = {name: [] for name in fronts}
    loop.run_until_complete(visit(fronts["template"][1]))  # each front's first visitor is not counted
    loop.run_until_complete(visit(fronts["afresh"][1]))
    for name in fronts:
        wait_reaped(fronts[name][0])
    for index in range(args.starts * 2):
        name = ("template", "afresh")[index % 2]
        front, port = fronts[name]
        before = group_cpu(front)
        first[name].append(loop.run_until_complete(visit(port)))
        wait_reaped(front)
        after = group_cpu(front)
        cpu[name] = [total + b - a for total, a, b in zip(cpu[name], before, after)]
    memory = {}
    for name, (front, port) in fronts.items():
        hold = loop.create_future()
        visits = [loop.create_task(visit(port, hold)) for _ in range(args.hold)]
        loop.run_until_complete(asyncio.sleep(1))
        deadline = time.monotonic() + 60
        while len(browsers(front)) < args.hold and time.monotonic() < deadline:
            loop.run_until_complete(asyncio.sleep(0.2))
        loop.run_until_complete(asyncio.sleep(3))
        pss = [crowd.pss_kb(pid) for pid in browsers(front)]
        template = [crowd.pss_kb(pid) for pid in crowd.children(front.pid) if is_template(pid)]
        hold.set_result(True)
        loop.run_until_complete(asyncio.gather(*visits, return_exceptions=True))
        memory[name] = {"sessions": len(pss), "browser_pss_kb": round(statistics.mean(pss)) if pss else None,
                        "template_pss_kb": template[0] if template else 0,
                        "per_session_kb": round((sum(pss) + sum(template)) / len(pss)) if pss else None}
    for name, (front, _) in fronts.items():
        crowd.stop_front(front, folders[0] if name == "template" else folders[1])
    result = {"date": time.strftime("%Y-%m-%d %H:%M"), "load_before": round(load, 2), "starts_each": args.starts}
    for name in fronts:
        own, browser, template = (value / args.starts * 1000 for value in cpu[name])
        result[name] = {"cpu_per_start_ms": round(own + browser + template, 1), "front_ms": round(own, 1),
                        "browser_ms": round(browser, 1), "template_ms": round(template, 1),
                        "first_page_median_ms": round(statistics.median(first[name]) * 1000, 1), **memory[name]}
    result["cpu_ratio"] = round(result["template"]["cpu_per_start_ms"] / result["afresh"]["cpu_per_start_ms"], 2)
    result["browser_cpu_ratio"] = round(
        (result["template"]["browser_ms"] + result["template"]["template_ms"]) / result["afresh"]["browser_ms"], 2)
    print(json.dumps(result, indent=2))
    if args.json:
        open(args.json, "w").write(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
