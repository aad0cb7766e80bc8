#!/usr/bin/env python3
"""A live market's figures: what a pushed change costs and how soon every visitor sees it.

`openmarket serve` (its demo catalog, a product registered first so that it is the first of page 1) and an
`openmarket ssh --open --server` front in front of it; N visitors from AsyncSSH (each from a loopback address
of its own, answering the terminal's Device Attributes), each screen kept by pyte (a terminal emulator) so that
"seen" means the new price is on the visitor's screen, not merely that bytes came.

Then, with the stream:
  - idle: bytes per visitor per second over a window with no change (the goal: 0), and the market's requests
    per second from the idle visitors (from the serve's /metrics);
  - changes: one edit a second of the product every screen shows (its price); edit → on each visitor's screen,
    p50/p99 over visitors × edits; bytes per visitor per second while they flow (the goal: ≤ 2.5 KB/s).
And the peer in the same run: the same visitors on a second front whose market has no stream (nginx in front of
the same serve answers 404 for /api/products/changes, as a course-API server does), which polls: its idle
requests per second and bytes, and whether an edit reaches a screen within the window at all (the poll looks
for new products only).

The crowd's own event-loop lag is reported beside the latencies (a 20 ms timer): an edit seen late by a busy
crowd is timed late by it.

Usage: .build-tools/venv/bin/python bench/live.py [--binary .build/release/openmarket] [--visitors 200]
       [--rate 20] [--edits 30] [--idle 20] [--json FILE]
"""
import argparse, asyncio, json, os, re, shutil, signal, socket, statistics, subprocess, sys, tempfile, time, urllib.request

try:
    import asyncssh, pyte
except ImportError:
    sys.exit("live.py needs AsyncSSH and pyte: run it with .build-tools/venv/bin/python (make bench-deps installs them)")

from crowd import DA1_ANSWER, DA1_QUESTION, percentile, register_lamp  # the crowd's terminal answer, percentiles, the edited product
COLUMNS, ROWS = 100, 30


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Screen(asyncssh.SSHClientSession):
    """One visitor: the bytes it gets, its screen (pyte), and when a wanted text first shows."""

    def __init__(self):
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes = 0
        self.chan = None
        self.answered = False
        self.first_page = asyncio.get_running_loop().create_future()
        self.wanted = None  # (text, future)

    def connection_made(self, chan):
        self.chan = chan

    def data_received(self, data, datatype):
        self.bytes += len(data)
        if not self.answered and DA1_QUESTION.search(data):
            self.answered = True
            self.chan.write(DA1_ANSWER)
        self.stream.feed(data)
        # Only the lines that changed are read (a screen's every line, for each of a thousand visitors at each
        # change, made the crowd itself the slowest part).
        dirty, self.screen.dirty = self.screen.dirty, set()
        if not dirty:
            return
        width = self.screen.columns
        lines = ["".join(row[x].data for x in range(width)) for y in dirty for row in (self.screen.buffer[y],)]
        if not self.first_page.done() and 0 in dirty and "products" in self.screen.display[0]:
            self.first_page.set_result(time.monotonic())
        if self.wanted and not self.wanted[1].done() and any(self.wanted[0] in line for line in lines):
            self.wanted[1].set_result(time.monotonic())

    def connection_lost(self, exc):
        if not self.first_page.done():
            self.first_page.set_exception(ConnectionError("closed"))
            self.first_page.exception()


class Run:
    """A front and its visitors."""

    def __init__(self, args, port, label):
        self.args, self.port, self.label = args, port, label
        self.visitors = []
        self.connections = []
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.failures = 0

    async def arrive(self, base):
        async def one(index, at):
            await asyncio.sleep(max(0, at - time.monotonic()))
            try:
                conn = await asyncssh.connect(
                    "127.0.0.1", self.port, local_addr=(f"127.{base}.{index // 254}.{index % 254 + 1}", 0),
                    username=f"v{index}", client_keys=[self.key], known_hosts=None, agent_path=None, keepalive_interval=0)
                _, session = await conn.create_session(Screen, term_type="xterm-256color", term_size=(COLUMNS, ROWS), encoding=None)
                await asyncio.wait_for(asyncio.shield(session.first_page), 60)
                self.connections.append(conn)
                self.visitors.append(session)
            except Exception as error:  # counted; the figures are of those served
                self.failures += 1
                print(f"{self.label}: visitor {index}: {error!r}", file=sys.stderr)
        start = time.monotonic()
        await asyncio.gather(*(one(i, start + i / self.args.rate) for i in range(self.args.visitors)))

    def received(self):
        return sum(v.bytes for v in self.visitors)

    async def leave(self):
        for conn in self.connections:
            conn.close()
        await asyncio.gather(*(c.wait_closed() for c in self.connections), return_exceptions=True)


def metric_total(base, name="openmarket_http_requests_total"):
    """The sum of a counter over its labels in the serve's /metrics (Prometheus text)."""
    text = urllib.request.urlopen(base + "/metrics", timeout=10).read().decode()
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name + "{") or line.startswith(name + " "):
            total += float(line.rsplit(" ", 1)[1])
    return total


def request(base, method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    with urllib.request.urlopen(req, timeout=30) as answer:
        return answer.status, answer.read()


def start_front(binary, folder, market, label):
    os.makedirs(folder, exist_ok=True)
    front = subprocess.Popen([binary, "ssh", "--open", "--port", "0", "--data-dir", folder, "--server", market,
                              ],
                             stdout=subprocess.PIPE, stderr=open(os.path.join(folder, "front.log"), "w"), text=True,
                             start_new_session=True)
    port = None
    for line in front.stdout:
        match = re.search(r"on 127\.0\.0\.1:(\d+)", line)
        if match and port is None:
            port = int(match.group(1))
        if "Stop with Ctrl-C" in line:
            break
    if not port:
        sys.exit(f"{label}: the front did not start: {open(os.path.join(folder, 'front.log')).read()[-2000:]}")
    return front, port


async def lag_sampler(lags, stop):
    while not stop.is_set():
        asked = time.monotonic()
        await asyncio.sleep(0.02)
        lags.append(time.monotonic() - asked - 0.02)


async def phase(args, binary, folder, market, serve_base, label, base, product, identity, edits, offscreen=None):
    front, port = start_front(binary, folder, market, label)
    run = Run(args, port, label)
    result = {"label": label}
    try:
        await run.arrive(base)
        result["served"] = len(run.visitors)
        result["failures"] = run.failures
        await asyncio.sleep(5)  # the counts of those here settle
        requests_before, bytes_before, t0 = metric_total(serve_base), run.received(), time.monotonic()
        await asyncio.sleep(args.idle)
        elapsed = time.monotonic() - t0
        result["idle_requests_per_s"] = round((metric_total(serve_base) - requests_before) / elapsed, 2)
        result["idle_bytes_per_visitor_per_s"] = round((run.received() - bytes_before) / elapsed / max(1, len(run.visitors)), 2)
        latencies, missed = [], 0
        bytes_before, t0 = run.received(), time.monotonic()
        for n in range(edits):
            price = 50_000 + n * 7 + (1 if label == "poll" else 0)
            text = f"{price:,}"
            futures = []
            for visitor in run.visitors:
                future = asyncio.get_running_loop().create_future()
                visitor.wanted = (text, future)
                futures.append(future)
            sent = time.monotonic()
            status, _ = await asyncio.to_thread(
                request, serve_base, "PATCH", f"/api/products/{product}",
                {"secret": identity["secret"], "price": price, "discounted_price": 0},
                {"identifier": identity["identifier"], "Content-Type": "application/json"})
            assert status == 200, status
            done, pending = await asyncio.wait(futures, timeout=1.0 if label == "poll" else 5.0)
            latencies += [f.result() - sent for f in done]
            missed += len(pending)
            await asyncio.sleep(max(0, sent + 1.0 - time.monotonic()))
        elapsed = time.monotonic() - t0
        result["edits"] = edits
        result["edit_seen_ms"] = {p: None if percentile(latencies, q) is None else round(percentile(latencies, q) * 1000, 1)
                                  for p, q in (("p50", 50), ("p99", 99), ("max", 100))}
        result["edit_screens"] = len(latencies)
        result["edit_missed"] = missed
        result["changing_bytes_per_visitor_per_s"] = round((run.received() - bytes_before) / elapsed / max(1, len(run.visitors)), 1)
        if offscreen and label == "stream":
            # A product on page 1 but on no one's screen: its changes should cost the visitors nothing. (After
            # the last visible edit's mark has gone: its end redraws that price.)
            await asyncio.sleep(4)
            bytes_before, t0 = run.received(), time.monotonic()
            for n in range(5):
                sent = time.monotonic()
                await asyncio.to_thread(
                    request, serve_base, "PATCH", f"/api/products/{offscreen}", {"secret": identity["secret"], "stock": 100 + n},
                    {"identifier": identity["identifier"], "Content-Type": "application/json"})
                await asyncio.sleep(max(0, sent + 1.0 - time.monotonic()))
            await asyncio.sleep(3.5)  # past the marks' time, whose end redraws nothing either
            elapsed = time.monotonic() - t0
            result["offscreen_bytes_per_visitor_per_s"] = round((run.received() - bytes_before) / elapsed / max(1, len(run.visitors)), 2)
    finally:
        await run.leave()
        front.send_signal(signal.SIGTERM)
        try:
            front.wait(timeout=30)
        except subprocess.TimeoutExpired:
            front.kill()
    return result


async def main_async(args):
    binary = os.path.abspath(args.binary)
    folder = tempfile.mkdtemp(prefix="openmarket-live-")
    serve = subprocess.Popen([binary, "serve", "--port", str(free_port()), "--data-dir", os.path.join(folder, "market"),
                              "--max-connections-per-address", "0", "--max-streams-per-address", "0",
                              "--stream-starts-per-minute", "0", "--log-level", "notice"],
                             stdout=subprocess.PIPE, stderr=open(os.path.join(folder, "serve.log"), "w"), text=True)
    output = ""
    for line in serve.stdout:
        output += line
        if "Stop with Ctrl-C" in line:
            break
    serve_base = re.search(r"on (http://127\.0\.0\.1:\d+)", output).group(1)
    identity = {"identifier": re.search(r"identifier ([0-9a-f-]{36})", output).group(1),
                "secret": re.search(r"secret +(\S+)", output).group(1)}
    # The demo pictures are drawn in the first minute: wait for them, so that they are not measured.
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and "demo pictures in" not in open(os.path.join(folder, "serve.log")).read():
        time.sleep(0.5)
    product = register_lamp(serve_base, identity)
    page = json.loads(urllib.request.urlopen(serve_base + "/api/products?page_no=1&items_per_page=20", timeout=30).read())["pages"]
    offscreen = next((p["id"] for p in page[14:] if p.get("vendorName") == "demo"), None)
    # The market as a course-API server shows it: no stream (404), everything else passed through.
    nginx_port = free_port()
    nginx_dir = os.path.join(folder, "nginx")
    os.makedirs(nginx_dir)
    open(os.path.join(nginx_dir, "nginx.conf"), "w").write(f"""
daemon off; worker_processes 1; pid {nginx_dir}/nginx.pid; error_log {nginx_dir}/error.log;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  upstream market {{ server {serve_base[7:]}; keepalive 64; }}
  server {{
    listen 127.0.0.1:{nginx_port};
    location = /api/products/changes {{ return 404; }}
    location / {{ proxy_pass http://market; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $http_host; }}
  }}
}}
""")
    nginx = subprocess.Popen(["nginx", "-c", os.path.join(nginx_dir, "nginx.conf"), "-p", nginx_dir],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    if args.nice:
        try:
            os.setpriority(os.PRIO_PROCESS, 0, args.nice)
        except OSError:
            print("live: could not change the crowd's priority (not root)", file=sys.stderr)
    lags, stop = [], asyncio.Event()
    sampler = asyncio.ensure_future(lag_sampler(lags, stop))
    try:
        load = os.getloadavg()[0]
        stream = await phase(args, binary, os.path.join(folder, "front-stream"), serve_base, serve_base, "stream", 41,
                             product, identity, args.edits, offscreen)
        poll = await phase(args, binary, os.path.join(folder, "front-poll"), f"http://127.0.0.1:{nginx_port}", serve_base, "poll", 42,
                           product, identity, min(args.edits, 5))
    finally:
        stop.set()
        await sampler
        nginx.terminate()
        serve.terminate()
        serve.wait()
    result = {
        "visitors": args.visitors, "rate": args.rate, "nice": args.nice, "load_before": round(load, 2), "stream": stream, "poll": poll,
        "crowd_lag_ms": {p: round(percentile(lags, q) * 1000, 1) for p, q in (("p50", 50), ("p99", 99))},
    }
    shutil.rmtree(folder, ignore_errors=True)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/openmarket")
    parser.add_argument("--visitors", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--idle", type=float, default=20)
    parser.add_argument("--nice", type=int, default=0, help="the crowd's priority (-10: the visitors' machines are not the front's)")
    parser.add_argument("--json")
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    s, p = result["stream"], result["poll"]
    print(f"live market, {args.visitors} visitors at {args.rate}/s, crowd at nice {args.nice} (load before {result['load_before']}):")
    print(f"  stream: served {s['served']}, idle {s['idle_bytes_per_visitor_per_s']} B/visitor/s, "
          f"{s['idle_requests_per_s']} market requests/s; edit → seen p50 {s['edit_seen_ms']['p50']} ms, "
          f"p99 {s['edit_seen_ms']['p99']} ms ({s['edit_screens']} screens, {s['edit_missed']} missed), "
          f"{s['changing_bytes_per_visitor_per_s']} B/visitor/s while changes flow; "
          f"{s.get('offscreen_bytes_per_visitor_per_s')} B/visitor/s while a product on no screen changes")
    print(f"  poll (a market without the stream): served {p['served']}, idle {p['idle_bytes_per_visitor_per_s']} B/visitor/s, "
          f"{p['idle_requests_per_s']} market requests/s; edits seen within 1 s: {p['edit_screens']} of "
          f"{p['edit_screens'] + p['edit_missed']}")
    print(f"  the crowd's own lag: p50 {result['crowd_lag_ms']['p50']} ms, p99 {result['crowd_lag_ms']['p99']} ms")
    if args.json:
        json.dump(result, open(args.json, "w"), indent=2)


if __name__ == "__main__":
    main()
