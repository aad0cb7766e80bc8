#!/usr/bin/env python3
"""What a key and an edit cost the machine, per visitor: the CPU of the browser and of the front for one key
(j or k in the grid, as the crowd presses them), and for one edit of a product every visitor shows. Two builds
side by side (`--binary` and `--peer`), rounds alternating A B A B; medians.

Each build's front (`openmarket ssh --open`, its own copy of the seeded market) gets `--visitors` visitors
(AsyncSSH, 100×30, xterm-256color, xterm's answer to the terminal's question), all of them on page 1 with the
product the benchmark edits first on it (registered before they arrive). Then, with everyone's screen quiet:

- keys: the visitors press `--keys` keys in turn (j, k, j, …), each waiting for its answer and 30 ms of quiet
  after it; CPU per key = (the browsers' CPU + the front's, their threads' schedstat: to the nanosecond) over
  the keys, less what the same seconds cost idle (measured just after, as long); page faults per key = the
  browsers' minor faults over the keys, less idle's;
- edits: `--edits` new prices of the product (every digit changed), each waited for until every screen shows
  it; CPU per visitor per edit = the browsers' CPU over (visitors × edits), less idle, and the front's per edit;
- edits of a product no visitor shows (the catalog's oldest), as many, 50 ms apart: the same figures (what the
  stream costs a visitor for a change that is not theirs to show; the goal is no bytes).

Usage: .build-tools/venv/bin/python bench/keys.py --binary NEW [--peer OLD] [--visitors 20] [--keys 400]
       [--edits 40] [--rounds 3] [--json F]
"""
import argparse, asyncio, json, os, statistics, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crowd  # noqa: E402  (the seeded catalog, the front's start and stop, /proc readers, the terminal's answer)
import live  # noqa: E402  (the product the benchmark edits)

try:
    import asyncssh
except ImportError:
    sys.exit("keys.py needs AsyncSSH: run it with .build-tools/venv/bin/python (make deps installs it)")

MARKER = b"products"
QUIET = 0.03


class Visitor(asyncssh.SSHClientSession):
    def __init__(self):
        self.window = b""
        self.last_data = 0.0
        self.first_page = asyncio.get_running_loop().create_future()
        self.channel = None
        self.answered_da1 = False
        self.bytes = 0

    def connection_made(self, channel):
        self.channel = channel

    def data_received(self, data, datatype):
        self.bytes += len(data)
        self.last_data = time.monotonic()
        self.window = (self.window + data)[-65536:]
        if not self.answered_da1 and crowd.DA1_QUESTION.search(self.window):
            self.answered_da1 = True
            self.channel.write(crowd.DA1_ANSWER)
        if not self.first_page.done() and MARKER in self.window:
            self.first_page.set_result(True)

    async def quiet(self, limit=5.0):
        """Until nothing came for QUIET seconds."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            wait = self.last_data + QUIET - time.monotonic()
            if wait <= 0:
                return
            await asyncio.sleep(wait)

    async def key(self, key):
        before = self.bytes
        self.channel.write(key)
        deadline = time.monotonic() + 5
        while self.bytes == before and time.monotonic() < deadline:
            await asyncio.sleep(0.001)
        await self.quiet()


def browser_faults(front):
    """The browsers' minor page faults so far (a fault is a page the kernel had to find for a browser)."""
    return sum(crowd.proc_faults(pid) for pid in crowd.browsers(front.pid))


class Threads:
    """The CPU of the browsers' threads and the front's, to the nanosecond (schedstat), as a reading to take a
    difference of: a thread that exits between two readings takes what it used after the first with it, so the
    threads gone are counted (`gone`) and reported."""
    def __init__(self, front):
        self.browsers = {}
        for pid in crowd.browsers(front.pid):
            self.browsers.update(crowd.thread_cpu_ns(pid))
        self.front = crowd.thread_cpu_ns(front.pid)

    def since(self, before):
        """(the browsers' CPU, the front's) in seconds since `before`, and the threads gone in between."""
        def used(now, then):
            return sum(ns - then.get(thread, 0) for thread, ns in now.items()) / 1e9
        gone = len(set(before.browsers) - set(self.browsers)) + len(set(before.front) - set(self.front))
        return [used(self.browsers, before.browsers), used(self.front, before.front)], gone


def machine_cpu(front):
    """A reading of the browsers' CPU and the front's own: the template and the go-betweens are not the sessions'."""
    return Threads(front)


def edit(market, vendor, product, price):
    body = json.dumps({"secret": vendor["secret"], "price": price, "discounted_price": 0}).encode()
    request = urllib.request.Request(f"{market}/api/products/{product}", data=body, method="PATCH",
                                     headers={"identifier": vendor["identifier"], "Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=30).read()


async def measure(front, seconds):
    """What `seconds` of quiet cost (the browsers', the front's), and the threads gone meanwhile."""
    before = machine_cpu(front)
    await asyncio.sleep(seconds)
    return machine_cpu(front).since(before)


async def edits_cost(front, visitors, edits):
    """Runs `edits` (a coroutine); returns the browsers' CPU and the front's over it less the same time idle (ms),
    the bytes each visitor got, the seconds it took and the threads gone meanwhile."""
    started = time.monotonic()
    before = machine_cpu(front)
    sent_bytes = sum(v.bytes for v in visitors)
    await edits
    after = machine_cpu(front)
    seconds = time.monotonic() - started
    got = (sum(v.bytes for v in visitors) - sent_bytes) / len(visitors)
    idle, gone_idle = await measure(front, seconds)
    used, gone = after.since(before)
    return [(u - i) * 1000 for u, i in zip(used, idle)], got, seconds, gone + gone_idle


async def one_round(binary, args):
    folder = tempfile.mkdtemp(prefix="openmarket-keys-")
    options = argparse.Namespace(binary=binary, port=None, market=None, front_args=[
        "--connections-per-minute", "100000", "--max-sessions-per-address", "1000", "--source-penalty", "0"])
    front = crowd.start_front(options, folder)
    try:
        vendor = json.load(open(os.path.join(folder, "demo-vendor.json")))
        product = live.register_lamp(options.market, vendor)
        connections, visitors = [], []
        for _ in range(args.visitors):
            connection = await asyncssh.connect("127.0.0.1", options.port, username="guest", known_hosts=None,
                                                password=None, client_keys=None, preferred_auth="none")
            _, visitor = await connection.create_session(Visitor, term_type="xterm-256color", term_size=(100, 30),
                                                         encoding=None)
            await asyncio.wait_for(visitor.first_page, 30)
            connections.append(connection)
            visitors.append(visitor)
        await asyncio.sleep(3)  # pictures in, first frames drawn
        await asyncio.gather(*(v.quiet() for v in visitors))
        # Keys: one visitor at a time, as a person presses them; the same seconds idle just before.
        started = time.monotonic()
        before = machine_cpu(front)
        faults_before = browser_faults(front)
        for index in range(args.keys):
            await visitors[index % len(visitors)].key(b"jk"[(index // len(visitors)) % 2:][:1])
        after = machine_cpu(front)
        faults_after = browser_faults(front)
        keys_seconds = time.monotonic() - started
        idle_faults = browser_faults(front)
        idle, gone_idle = await measure(front, keys_seconds)
        idle_faults = browser_faults(front) - idle_faults
        key_faults = (faults_after - faults_before - idle_faults) / args.keys
        used, gone_keys = after.since(before)
        keys = [(u - i) / args.keys * 1000 for u, i in zip(used, idle)]
        # Every visitor back on the first row (an odd count of rounds of keys leaves some one row down).
        for visitor in visitors:
            if (args.keys // len(visitors)) % 2 == 1:
                await visitor.key(b"k")
        # Edits: each waited for on every screen.
        price_text = lambda k: f"{11_111 * k:,}".encode()
        missed = 0

        async def seen_edits():
            nonlocal missed
            for number in range(args.edits):
                k = number % 9 + 1
                for visitor in visitors:
                    visitor.window = b""
                edit(options.market, vendor, product, 11_111 * k)
                deadline = time.monotonic() + 5
                while time.monotonic() < deadline and not all(price_text(k) in v.window for v in visitors):
                    await asyncio.sleep(0.005)
                missed += sum(1 for v in visitors if price_text(k) not in v.window)
                await asyncio.gather(*(v.quiet() for v in visitors))
        (browsers, own), edit_bytes, edit_seconds, gone_edits = await edits_cost(front, visitors, seen_edits())
        # Edits of a product no visitor shows (the catalog's oldest, beyond every page 1), as many, 50 ms apart:
        # what the stream costs each visitor when the change is not theirs to show. First the last edit's mark
        # ends (3 s after it), so that its frame is not counted here.
        await asyncio.sleep(max(0, 3.5 - edit_seconds))
        await asyncio.gather(*(v.quiet() for v in visitors))
        page = lambda number: json.loads(urllib.request.urlopen(
            f"{options.market}/api/products?page_no={number}&items_per_page=100", timeout=30).read())
        unseen = page(page(1)["lastPage"])["pages"][-1]["id"]

        async def unseen_edits():
            for number in range(args.edits):
                edit(options.market, vendor, unseen, 11_111 * (number % 9 + 1))
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            await asyncio.gather(*(v.quiet() for v in visitors))
        (unseen_browsers, unseen_own), unseen_bytes, _, gone_unseen = await edits_cost(front, visitors, unseen_edits())
        for connection in connections:
            connection.close()
        edits = max(1, args.edits)
        return {"key_browser_ms": keys[0], "key_front_ms": keys[1], "key_faults": key_faults,
                "threads_gone": gone_keys + gone_idle + gone_edits + gone_unseen,
                "edit_browser_ms": browsers / (edits * len(visitors)), "edit_front_ms": own / edits,
                "edit_bytes": edit_bytes / edits, "missed": missed,
                "unseen_browser_ms": unseen_browsers / (edits * len(visitors)), "unseen_front_ms": unseen_own / edits,
                "unseen_bytes": unseen_bytes / edits}
    finally:
        crowd.stop_front(front, folder)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/openmarket")
    parser.add_argument("--peer", help="another build, measured in the same run (rounds alternate)")
    parser.add_argument("--visitors", type=int, default=20)
    parser.add_argument("--keys", type=int, default=400)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()
    builds = {"binary": os.path.abspath(args.binary)}
    if args.peer:
        builds["peer"] = os.path.abspath(args.peer)
    load = os.getloadavg()[0]
    results = {name: [] for name in builds}
    for _ in range(args.rounds):
        for name, binary in builds.items():
            results[name].append(asyncio.run(one_round(binary, args)))
    report = {"load_before": load, "visitors": args.visitors, "keys": args.keys, "edits": args.edits,
              "rounds": args.rounds, "builds": {}}
    print(f"CPU per key and per visitor per edit ({args.visitors} visitors at 100x30, {args.keys} keys, {args.edits} "
          f"edits, {args.rounds} rounds; load before {load:.2f}); medians of rounds:")
    for name, binary in builds.items():
        median = {field: statistics.median(r[field] for r in results[name]) for field in results[name][0]}
        report["builds"][name] = {"path": binary, "median": median, "rounds": results[name]}
        print(f"  {name:6} {binary}")
        print(f"    key:  browser {median['key_browser_ms']:.3f} ms + front {median['key_front_ms']:.3f} ms; "
              f"{median['key_faults']:.2f} page faults in the browsers")
        print(f"    edit: browser {median['edit_browser_ms']:.3f} ms a visitor + front {median['edit_front_ms']:.3f} ms; "
              f"{median['edit_bytes']:.0f} bytes a visitor; screens missed {median['missed']:.0f}")
        print(f"    edit of a product none shows: browser {median['unseen_browser_ms']:.3f} ms a visitor + front "
              f"{median['unseen_front_ms']:.3f} ms; {median['unseen_bytes']:.0f} bytes a visitor")
        print(f"    threads that exited while measured (their CPU after the first reading uncounted): "
              f"{sum(r['threads_gone'] for r in results[name])} in all rounds")
    if args.peer:
        new, old = report["builds"]["binary"]["median"], report["builds"]["peer"]["median"]
        for field in ("key_browser_ms", "key_faults", "edit_browser_ms", "unseen_browser_ms"):
            if old[field] > 0:
                print(f"  {field}: {new[field] / old[field]:.2f}x the peer's")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)


if __name__ == "__main__":
    main()
