#!/usr/bin/env python3
"""A crowd at the door: N SSH visitors of `openmarket ssh`, from a real SSH client library (AsyncSSH).

Each visitor connects from a loopback address of its own (127.A.B.C, so per-address limits do not bite),
asks for a pty, answers the terminal questions a terminal answers (Primary Device Attributes), waits for the
first page, then stays and presses a key every few seconds (j and k in turn, each of which redraws), and
leaves with q. Visitors arrive at a fixed rate.

It prints: how many got the first page; first page p50/p90/p99 (connect → the page's marker on screen);
key → answer p50/p90/p99 (a key sent → the first bytes after it); failures by kind; peak sessions; memory
per session (PSS of the browser processes) and CPU per session (the front and its browsers, reaped ones
included), and the crowd's own CPU (the peer on the same cores). `--json FILE` writes the same as JSON.
Keys are also split into those sent while visitors still arrive and those after, and the crowd reports how
late its own event loop wakes (a 20 ms timer): a key answered while the loop was busy is timed late by it, so
a key p99 near that lag is the crowd's, not the front's. Its own full garbage collections are kept short (what it
holds is frozen every 2 s; --no-gc-freeze collects as Python does) and counted and timed in the summary. The
fronts are sampled (PSS, CPU) in a process of their own.

Usage:
  bench/crowd.py --binary .build/release/openmarket --visitors 200 --rate 20 --stay 120
      starts `openmarket ssh --open` (embedded market) in a temporary folder and sends the crowd at it
  bench/crowd.py --port 2222 [--host 127.0.0.1] --front-pid PID [--front-pid PID…] ...
      sends the crowd at a running front, or a balancer in front of several (each PID given is measured;
      bench/fronts.py runs three fronts behind HAProxy)
Failure kinds: refused (TCP refused or reset), handshake (SSH did not complete), full (the front said it is
full), no-first-page (none within --first-page-timeout), cut (the session ended before the visitor left),
key-timeout (a key got no answer within 5 s), unclean-exit (q did not end the session with status 0).
"""
import argparse, atexit, collections, asyncio, gc, json, multiprocessing, os, random, re, shutil, signal, statistics, subprocess, sys, tempfile, time, urllib.request

try:
    import asyncssh
except ImportError:  # make deps puts AsyncSSH in .build-tools/venv
    sys.exit("crowd.py needs AsyncSSH: run it with .build-tools/venv/bin/python (make deps installs it)")

DA1_QUESTION = re.compile(rb"\x1b\[0?c")
# What xterm answers (VT420 with the usual extensions, no sixel): what most visitors' terminals say.
DA1_ANSWER = b"\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c"
FULL = re.compile(rb"full .{0,8}try again", re.S)
GOODBYE = re.compile(rb"goodbye")
KEY_TIMEOUT = 5.0


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def source_address(index, base):
    """127.base.x.y, skipping .0 and .255: 254 visitors per x."""
    return f"127.{base}.{index // 254 % 256}.{index % 254 + 1}"


class Visitor(asyncssh.SSHClientSession):
    """One visitor's session: reads the screen, answers DA1, finds the first page and times each key."""

    def __init__(self, crowd, marker):
        self.crowd = crowd
        self.marker = marker
        self.tail = b""
        self.first_page = asyncio.get_running_loop().create_future()
        self.answers = []  # keys' futures waiting for the first byte after them (more than one on an open loop)
        self.closed = asyncio.get_running_loop().create_future()
        self.exit_status = None
        self.bytes = 0
        self.full_line = None  # when the front said it is full
        self.chan = None
        self.answered_da1 = False  # the terminal's question (DA1) answered, as xterm does
        self.seen_edit = -1  # the last edit (--edits-per-second) whose price came to this screen

    def connection_made(self, chan):
        self.chan = chan

    def data_received(self, data, datatype):
        self.bytes += len(data)
        window = self.tail + data
        if not self.answered_da1 and DA1_QUESTION.search(window):
            self.answered_da1 = True
            self.chan.write(DA1_ANSWER)
        if self.answers:
            now = time.monotonic()
            for answer in self.answers:
                if not answer.done():
                    answer.set_result(now)
            self.answers = []
        # The newest edit whose price is on this screen: it and every earlier one this screen was watching and had
        # not shown are seen now (a screen that fell behind shows a later price in place of an earlier one: the
        # earlier edit took that long to be overtaken on it, and is timed so, not dropped).
        for number, price, watching in reversed(self.crowd.recent_edits):
            if number <= self.seen_edit:
                break
            if self in watching and price in window:
                now = time.monotonic()
                for earlier, _, watched in self.crowd.recent_edits:
                    if self.seen_edit < earlier <= number and self in watched:
                        self.crowd.edit_seen_at.append((earlier, now))
                self.seen_edit = number
                break
        if not self.first_page.done():
            if self.marker.search(window):
                self.first_page.set_result(time.monotonic())
            elif FULL.search(window) and not self.full_line:
                self.full_line = time.monotonic()
        self.tail = window[-512:]

    def exit_status_received(self, status):
        self.exit_status = status

    def connection_lost(self, exc):
        if not self.closed.done():
            self.closed.set_result(exc)
        if not self.first_page.done():
            self.first_page.set_exception(ConnectionError("closed before the first page"))
            self.first_page.exception()  # marked as seen: a visitor that timed out no longer waits for it


class Crowd:
    def __init__(self, args):
        self.args = args
        self.first_pages = []
        self.keys = []
        self.failures = {}
        self.live = 0
        self.peak = 0
        self.got_first_page = 0
        self.bytes = 0
        self.full_lines = []
        self.full_times = []
        self.reconnects = []  # first page again after a cut, with --reconnect
        self.cut_visitors = set()  # visitors whose session was cut at least once
        self.keys_by_visitor = []  # (visitor, key → answer), to tell the keys of visitors never cut
        self.key_sent = []  # when each key of self.keys was sent, to tell the keys pressed while others arrived
        self.first_page_started = []  # when each visitor of self.first_pages connected
        self.lags = []  # (when, how late): the crowd's own event loop, sampled every 20 ms
        self.collections = []  # (when, how long): the crowd's own full garbage collections (Python's generation 2)
        # The edits of the last 5 s, oldest first: (number, the new price's text, the sessions on screen then).
        self.recent_edits = collections.deque(maxlen=8)
        self.edit_seen_at = []  # (edit number, when its price came to a screen that showed the product)
        self.edit_sent = {}  # edit number → when its request was sent (by this process, or by the parent of --shards)
        self.edit_seen = []  # edit → its price on a screen, each screen that showed the product (`resolve_edits`)
        self.edit_seen_sent = []  # when each of those edits was sent (for --keys-out)
        self.shard_counts = []  # --shards: what each shard gathered (first pages, keys, screens that showed an edit)
        self.live_changes = []  # (when, +1 or -1): a session came on screen or went (--shards: the parent's peak)
        self.edit_missed = 0  # screens on the product that did not show an edit within 5 s
        self.client = "bench/crowd.py (AsyncSSH, one event loop)"
        self.first_pages_settled = []  # --client: connect → the page's last byte before the screen went quiet
        self.keys_settled = []  # --client: key → the answer's last byte before the screen went quiet
        self.ends_before_sign = 0  # --client: answers whose end it timed before their first sign (must be none)
        self.edits = 0
        self.on_screen = set()  # sessions with their first page, not yet gone
        self.arrivals_end = None  # when the last visitor arrives
        self.cuts = 0
        self.goodbyes = 0
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        # With --keyed below 1, that share of the visitors come with a key of their own (made before anyone
        # arrives), spread evenly through the arrivals; the others offer none (the front's guests).
        self.own_keys = {}
        if args.keyed < 1:
            for index in range(args.visitors):
                if int((index + 1) * args.keyed) != int(index * args.keyed):
                    self.own_keys[index] = asyncssh.generate_private_key("ssh-ed25519")

    def fail(self, kind):
        self.failures[kind] = self.failures.get(kind, 0) + 1

    async def visit(self, index, start_at):
        """One visitor: connects, stays until its time is up, and with --reconnect comes back after a cut."""
        await asyncio.sleep(max(0, start_at - time.monotonic()))
        leave_at = None
        while True:
            outcome, leave_at = await self.attempt(index, leave_at)
            if outcome == "cut":
                self.cuts += 1
                self.cut_visitors.add(index)
            if outcome not in ("cut", "retry") or not self.args.reconnect or leave_at is None or time.monotonic() + 1 > leave_at:
                if outcome:
                    self.fail("cut" if outcome == "retry" else outcome)
                return
            await asyncio.sleep(random.uniform(0.2, 1.0))  # a person presses ↑ Enter

    def credentials(self, index):
        """The shared key (--keyed 1, as before), a key of the visitor's own, or none."""
        if self.args.keyed >= 1:
            return {"username": f"visitor{index}", "client_keys": [self.key], "preferred_auth": "publickey"}
        if index in self.own_keys:
            return {"username": f"visitor{index}", "client_keys": [self.own_keys[index]], "preferred_auth": "publickey"}
        return {"username": "guest", "client_keys": [], "preferred_auth": "none"}

    async def attempt(self, index, leave_at):
        """One connection: returns (failure kind or None, when the visitor leaves). The first page of a
        reconnection is timed apart from first visits."""
        args = self.args
        marker = re.compile(args.marker.encode())
        started = time.monotonic()
        returning = leave_at is not None
        try:
            conn = await asyncio.wait_for(
                asyncssh.connect(
                    args.host, args.port, local_addr=(source_address(index, args.source_base), 0),
                    known_hosts=None, agent_path=None, keepalive_interval=0, **self.credentials(index)),
                timeout=args.first_page_timeout)
        except (ConnectionRefusedError, ConnectionResetError):
            return ("retry" if returning else "refused"), leave_at
        except (asyncssh.Error, OSError, asyncio.TimeoutError):
            return ("retry" if returning else "handshake"), leave_at
        session = None
        try:
            cols, rows = args.size
            chan, session = await conn.create_session(
                lambda: Visitor(self, marker), term_type=args.term, term_size=(cols, rows), encoding=None)
            try:
                page_at = await asyncio.wait_for(asyncio.shield(session.first_page),
                                                 timeout=max(0.1, started + args.first_page_timeout - time.monotonic()))
            except asyncio.TimeoutError:
                return "no-first-page", leave_at
            except ConnectionError:
                if session.full_line:
                    self.full_lines.append(session.tail.decode(errors="replace").strip())
                    self.full_times.append(session.full_line - started)
                    return "full", leave_at
                return "cut", leave_at
            if returning:
                self.reconnects.append(page_at - started)
            else:
                self.first_pages.append(page_at - started)
                self.first_page_started.append(started)
                self.got_first_page += 1
                leave_at = page_at + args.stay
            self.live += 1
            self.peak = max(self.peak, self.live)
            self.live_changes.append((time.monotonic(), 1))
            self.on_screen.add(session)
            timing = set()  # on an open loop, the keys still waiting for their answers
            try:
                turn = 0
                # Let the first page's pictures arrive before timing keys.
                await asyncio.sleep(min(args.key_every, max(0, leave_at - time.monotonic())))
                while time.monotonic() + 0.1 < leave_at:
                    if session.closed.done():
                        return self.cut(session), leave_at
                    answer = asyncio.get_running_loop().create_future()
                    session.answers.append(answer)
                    sent = time.monotonic()
                    chan.write(b"jk"[turn % 2:turn % 2 + 1])
                    turn += 1
                    if args.keys == "closed":
                        await self.time_key(index, session, answer, sent)
                        if session.closed.done():
                            return self.cut(session), leave_at
                        pause = args.key_every * random.uniform(0.6, 1.4)
                    else:
                        # Open: the next key comes its pause after this one, whatever the answer does.
                        timing.add(asyncio.ensure_future(self.time_key(index, session, answer, sent)))
                        pause = sent + args.key_every * random.uniform(0.6, 1.4) - time.monotonic()
                    await asyncio.sleep(max(0, min(pause, leave_at - time.monotonic())))
                if session.closed.done():
                    return self.cut(session), leave_at
                chan.write(b"q")
                try:
                    await asyncio.wait_for(asyncio.shield(session.closed), timeout=10)
                except asyncio.TimeoutError:
                    return "unclean-exit", leave_at
                if session.exit_status not in (0, None):
                    return "unclean-exit", leave_at
                return None, leave_at
            finally:
                for task in timing:
                    task.cancel()
                self.live -= 1
                self.live_changes.append((time.monotonic(), -1))
                self.on_screen.discard(session)
        except (asyncssh.Error, OSError):
            return ("cut" if session else "handshake"), leave_at
        finally:
            if session:
                self.bytes += session.bytes
            conn.close()

    async def time_key(self, index, session, answer, sent):
        """Times one key to the first byte after it (KEY_TIMEOUT at most); a key unanswered in a session that ended
        is the session's cut, not a key-timeout."""
        try:
            answered = await asyncio.wait_for(asyncio.shield(answer), timeout=KEY_TIMEOUT)
            self.keys.append(answered - sent)
            self.key_sent.append(sent)
            self.keys_by_visitor.append((index, answered - sent))
        except asyncio.TimeoutError:
            if not session.closed.done():
                self.fail("key-timeout")

    def cut(self, session):
        """A session that ended before its visitor left: was it said goodbye to?"""
        if GOODBYE.search(session.tail):
            self.goodbyes += 1
        return "cut"

    async def run(self, t0, shard=0, shards=1, edits=None):
        """The visitors of this shard (every `shards`-th from `shard`: all of them without --shards), arriving from
        `t0` at the crowd's rate. With --edits-per-second the edits are sent here when there is one shard; a shard
        is told of each by its parent instead (`edits`: the pipe it reads them from, see `edit_prices`)."""
        self.start_at(t0)
        visits = [self.visit(i, t0 + i / self.args.rate) for i in range(shard, self.args.visitors, shards)]
        sampler = asyncio.ensure_future(self.sample_lag())
        freezer = asyncio.ensure_future(self.freeze_settled()) if self.args.gc_freeze else None
        editor = None
        loop = asyncio.get_running_loop()
        if edits is not None:
            loop.add_reader(edits.fileno(), lambda: self.watch_edit(*edits.recv()))
        elif self.args.edits_per_second > 0:
            editor = asyncio.ensure_future(self.edit_prices(t0 + 5))
        await asyncio.gather(*visits)
        if edits is not None:
            loop.remove_reader(edits.fileno())
        sampler.cancel()
        if freezer:
            freezer.cancel()
        if editor:
            editor.cancel()
            await asyncio.gather(editor, return_exceptions=True)

    async def edit_prices(self, start_at, shards=()):
        """--edits-per-second: the product first on every page 1 gets a new price that many times a second (the next a
        second after this one was sent, or when its request returned if later), every digit different from the last
        (11,111 × k: so that the screen writes the whole price, not the digits that changed); each screen on the
        product is timed from the edit's request to the price in its bytes (or a later edit's price: a screen that
        fell behind is timed by when it was overtaken, not left out). With --shards the parent sends, and tells each
        shard of the edit first (`shards`: the pipes they read), so that each watches its own screens for it before
        the price can come; the times are put together by edit number (`resolve_edits`)."""
        args = self.args
        await asyncio.sleep(max(0, start_at - time.monotonic()))
        number = 0
        while True:
            price = 11_111 * (number % 9 + 1)
            text = f"{price:,}".encode()
            for pipe in shards:
                pipe.send((number, text))
            if not shards:
                self.watch_edit(number, text)
            self.edits = number + 1
            sent = self.edit_sent[number] = time.monotonic()
            body = json.dumps({"secret": args.vendor["secret"], "price": price, "discounted_price": 0}).encode()
            request = urllib.request.Request(f"{args.market}/api/products/{args.edit_product}", data=body, method="PATCH",
                                             headers={"identifier": args.vendor["identifier"], "Content-Type": "application/json"})
            await asyncio.to_thread(lambda: urllib.request.urlopen(request, timeout=30).read())
            number += 1
            await asyncio.sleep(max(0, sent + 1 / args.edits_per_second - time.monotonic()))

    def start_at(self, t0):
        """The first visitor arrives at `t0`, the last when the rate says."""
        self.t0 = t0
        self.arrivals_end = t0 + self.args.visitors / self.args.rate

    def watch_edit(self, number, price):
        """An edit about to be sent: the screens on the product now are timed to its price (`price`, as the screen
        writes it); a visitor arriving after it sees the new price on its first page and is not timed. Those that
        have not shown it (or a later one) 5 s on are counted as missed."""
        watching = set(self.on_screen)
        self.recent_edits.append((number, price, watching))
        asyncio.get_running_loop().call_later(5, self.count_missed, number, watching)

    def resolve_edits(self):
        """Each screen's edit time, from the edits' send times (`edit_sent`); a screen that saw an edit whose request
        had not been sent (impossible, but a clock mix-up would say so) is not counted."""
        for number, seen in self.edit_seen_at:
            if number in self.edit_sent:
                self.edit_seen.append(seen - self.edit_sent[number])
                self.edit_seen_sent.append(self.edit_sent[number])

    def count_missed(self, number, watching):
        self.edit_missed += sum(1 for session in watching if session.seen_edit < number and not session.closed.done())

    async def freeze_settled(self):
        """--gc-freeze: every 2 s, what the crowd holds by then is moved out of the garbage collector's sight
        (`gc.freeze`), so that a full collection looks only at what came since. Without it, the collections of
        a 2,000 crowd grew to 0.46 s each, 8 in a run, as the heap did: the one loop reads no visitor meanwhile,
        and every answer then arriving was timed late by it (an edit's whole burst of screens). What a visitor
        that left kept in a cycle is never freed (some MB)."""
        while True:
            await asyncio.sleep(2)
            gc.freeze()

    async def sample_lag(self):
        """How late the crowd's own loop wakes: a key's answer read late by the crowd is timed late too, so a key
        p99 near this lag's p99 is the crowd's, not the front's."""
        while True:
            asked = time.monotonic()
            await asyncio.sleep(0.02)
            woke = time.monotonic()
            self.lags.append((woke, woke - asked - 0.02))


# What a shard sends its parent: everything a crowd gathers that the summary reads.
SHARD_FIELDS = ("first_pages", "first_page_started", "keys", "key_sent", "keys_by_visitor", "failures", "lags",
                "collections", "bytes", "full_lines", "full_times", "reconnects", "cut_visitors", "cuts", "goodbyes",
                "edit_seen_at", "edit_missed", "live_changes", "got_first_page")


def run_shard(crowd, t0, shard, answer, edits):
    """One --shards process: its share of the visitors on an event loop of its own, told of each edit through
    `edits`; what it gathered, and its own CPU seconds, go to the parent through `answer`."""
    own = time.process_time()
    asyncio.run(crowd.run(t0, shard, crowd.args.shards, edits))
    answer.send(({name: getattr(crowd, name) for name in SHARD_FIELDS}, time.process_time() - own))
    answer.close()


def start_shards(crowd, t0):
    """--shards N: N processes forked from the crowd as it is (keys made, priority and session group set, so
    theirs), before any event loop runs. A screen is read in Python — decrypted, searched for the markers and the
    prices — and one loop reads an edit's 2,000 screens one after another: split over two processes, the two
    cores read them side by side, as 2,000 visitors' own machines would (on two shared cores it measured no
    shorter: docs/BENCHMARKS.md, twenty-fourth stop). Returns (process, results pipe, edits pipe) for each."""
    context = multiprocessing.get_context("fork")
    shards = []
    for shard in range(crowd.args.shards):
        mine, theirs = context.Pipe(duplex=False)
        edits_in, edits_out = context.Pipe(duplex=False)
        process = context.Process(target=run_shard, args=(crowd, t0, shard, theirs, edits_in), daemon=True)
        process.start()
        theirs.close()  # a shard that dies leaves the pipe at its end: recv says so instead of waiting
        edits_in.close()
        shards.append((process, mine, edits_out))
    return shards


async def gather_shards(crowd, shards):
    """Waits for the shards while sending the edits (the parent's only work), then puts what they gathered into
    `crowd` as if one loop had; returns the shards' CPU seconds and the parent's."""
    own = time.process_time()
    args = crowd.args
    editor = (asyncio.ensure_future(crowd.edit_prices(crowd.t0 + 5, [edits for _, _, edits in shards]))
              if args.edits_per_second > 0 else None)
    loop = asyncio.get_running_loop()
    shard_cpu = 0.0
    for number, (process, pipe, _) in enumerate(shards):
        try:
            gathered, cpu = await loop.run_in_executor(None, pipe.recv)
        except EOFError:
            sys.exit(f"crowd: shard {number} ended without its results (status {process.exitcode})")
        process.join()
        shard_cpu += cpu
        crowd.shard_counts.append({"first_page": gathered["got_first_page"], "keys": len(gathered["keys"]),
                                   "edit_screens": len(gathered["edit_seen_at"]), "cpu_s": round(cpu, 1)})
        for name in SHARD_FIELDS:
            value = gathered[name]
            if name == "failures":
                for kind, count in value.items():
                    crowd.failures[kind] = crowd.failures.get(kind, 0) + count
            elif name == "cut_visitors":
                crowd.cut_visitors |= value
            elif isinstance(value, list):
                getattr(crowd, name).extend(value)
            else:
                setattr(crowd, name, getattr(crowd, name) + value)
    if editor:
        editor.cancel()
        await asyncio.gather(editor, return_exceptions=True)
    live = 0
    for _, change in sorted(crowd.live_changes):
        live += change
        crowd.peak = max(crowd.peak, live)
    crowd.lags.sort()
    crowd.client = f"bench/crowd.py (AsyncSSH, {args.shards} processes of one event loop each)"
    return shard_cpu + time.process_time() - own


def register_lamp(serve_base, identity):
    """Registers the product the benchmark edits, as the demo vendor (`identity`), with a picture of the demo
    catalog's (the first product's, as served): the newest, so first on every visitor's page 1. Returns its id."""
    boundary = "livebench"
    page = json.loads(urllib.request.urlopen(serve_base + "/api/products?page_no=1&items_per_page=1", timeout=30).read())["pages"]
    picture = urllib.request.urlopen(page[0]["thumbnail"], timeout=30).read()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"params\"\r\nContent-Type: application/json\r\n\r\n"
            + json.dumps({"name": "Live Bench Lamp", "description": "The product the live benchmark edits.", "price": 50000,
                          "currency": "KRW", "stock": 5, "secret": identity["secret"]})
            + f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"lamp.jpg\"\r\n"
            + "Content-Type: image/jpeg\r\n\r\n").encode() + picture + f"\r\n--{boundary}--\r\n".encode()
    req = urllib.request.Request(serve_base + "/api/products", data=body, method="POST",
                                 headers={"identifier": identity["identifier"], "Content-Type": f"multipart/form-data; boundary={boundary}"})
    return json.loads(urllib.request.urlopen(req, timeout=30).read())["id"]


def proc_cpu(pid, with_children=True):
    """utime + stime (+ reaped children's) in seconds."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    if with_children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def task_files(pid, name):
    """(thread id, text) of /proc/PID/task/*/NAME for each of the process's live threads (one that exits
    meanwhile is passed over)."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return
    for task in tasks:
        try:
            text = open(f"/proc/{pid}/task/{task}/{name}").read()
        except OSError:
            continue
        yield int(task), text


def thread_cpu_ns(pid):
    """{(pid, thread id): CPU in ns} for the process's live threads (their schedstat: to the nanosecond, where
    /proc/PID/stat counts clock ticks of 10 ms; a thread that has exited is not there)."""
    found = {}
    for task, text in task_files(pid, "schedstat"):
        try:
            found[(pid, task)] = int(text.split()[0])
        except (IndexError, ValueError):
            pass
    return found


def proc_faults(pid):
    """Minor page faults the process has taken (its threads', not its children's)."""
    try:
        return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[7])
    except (OSError, IndexError, ValueError):
        return 0


def children(pid):
    """Every child of the process, whichever of its threads started it."""
    return [int(child) for _, text in task_files(pid, "children") for child in text.split()]


def is_template(pid):
    """The front's session template (`openmarket session-template …`), which forks the browsers: not a session."""
    try:
        return open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")[1:2] == [b"session-template"]
    except OSError:
        return False


def browsers(pid):
    """The front's children that are visitors' browsers."""
    return [child for child in children(pid) if not is_template(child)]


def wait_idle(pid, limit=120):
    """Waits until the process (its first start seeds the demo catalog and draws its pictures) uses under 5% of a
    core over a second."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = proc_cpu(pid)
        time.sleep(1)
        if proc_cpu(pid) - before < 0.05:
            return


def memory_kb(pid, file, field):
    """A field of /proc/PID/FILE in kB: Pss of smaps_rollup (private pages plus a share of the shared ones),
    VmRSS of status; 0 when the process is gone."""
    try:
        for line in open(f"/proc/{pid}/{file}"):
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def pss_kb(pid):
    return memory_kb(pid, "smaps_rollup", "Pss")


def rss_kb(pid):
    return memory_kb(pid, "status", "VmRSS")


# Past this many browsers, PSS is read from so many chosen at random (and scaled): the kernel walks the page
# tables of each one read.
PSS_SAMPLE = 250


class Sampler:
    """Samples the fronts every second or two: their browsers' count, their PSS, and CPU (fronts + browsers);
    less often past 500 browsers (`sample`). A front that is gone (killed by bench/fronts.py) keeps the CPU it
    had spent when last seen."""

    def __init__(self, pids):
        self.pids = pids
        self.pid = pids[0] if pids else 0
        self.samples = []  # (browsers, browsers' PSS kB, fronts' PSS kB)
        self.last_cpu = {}
        # The nice values seen on the browsers' autogroups (None: no autogroups, or the browser had gone).
        self.browser_groups = set()
        self.cpu_start = self.cpu_now()

    def cpu_now(self):
        for pid in self.pids:
            if os.path.exists(f"/proc/{pid}/stat"):
                # A browser reaps nothing; the template reaps the go-betweens it forks browsers through.
                self.last_cpu[pid] = proc_cpu(pid) + sum(proc_cpu(c) for c in children(pid))
        return sum(self.last_cpu.values())

    def sample(self, stop, answer):
        """In a process of its own: one sample every 1–2 s until `stop` is set, then the samples and the CPU
        last seen of each front, through `answer`. At the usual priority, not the crowd's raised one."""
        try:
            os.setpriority(os.PRIO_PROCESS, 0, 0)
        except OSError:
            pass
        rounds = 0
        templates_known = {}  # child pid -> whether it is a session template (a process's command line stays)
        while True:
            everyone = [k for pid in self.pids for k in children(pid)]
            templates_known = {k: templates_known[k] if k in templates_known else is_template(k) for k in everyone}
            kids = [k for k in everyone if not templates_known[k]]
            templates = [k for k in everyone if templates_known[k]]
            # What the sampler reads is taken from the machine it measures: at 2,000 browsers, every browser's
            # stat and command line every 2 s and their PSS every 10 s were a tenth of the two cores (perf,
            # 2026-12-02: python 9.5% of all samples in the crowd's steady state). Past 500 browsers, CPU is
            # read every fifth round (10 s; the totals are read again at the end) and PSS from 250 browsers
            # chosen at random, scaled to them all.
            due = len(kids) <= 500 or rounds % 5 == 0
            rounds += 1
            if due:
                self.cpu_now()
            if kids:
                self.browser_groups.add(autogroup_nice(kids[-1]))
            if kids and due:
                measured = kids if len(kids) <= PSS_SAMPLE else random.sample(kids, PSS_SAMPLE)
                browsers_pss = sum(pss_kb(k) for k in measured) * len(kids) / len(measured)
                # The templates' memory is the sessions' too (their pages are shared with every browser).
                self.samples.append((len(kids), round(browsers_pss) + sum(pss_kb(t) for t in templates),
                                     sum(pss_kb(pid) for pid in self.pids)))
            if stop.wait(2 if len(kids) > 200 else 1):
                break
        answer.send((self.samples, self.last_cpu, self.browser_groups))

    async def run(self):
        """Samples until cancelled, in another process: reading a thousand browsers' PSS (the kernel walks their
        page tables) held the crowd's event loop for 0.1–1.5 s every 2 s, and every key answered meanwhile was
        timed late by it (the crowd's own lag p99 was 123–179 ms at 1,000 visitors)."""
        if not self.pids:
            return
        context = multiprocessing.get_context("fork")
        mine, theirs = context.Pipe()
        stop = context.Event()
        process = context.Process(target=self.sample, args=(stop, theirs), daemon=True)
        process.start()
        try:
            await asyncio.Event().wait()
        finally:
            stop.set()
            self.samples, last_cpu, self.browser_groups = await asyncio.get_running_loop().run_in_executor(None, mine.recv)
            self.last_cpu.update(last_cpu)
            process.join()


SEEDED = os.path.join(tempfile.gettempdir(), "openmarket-crowd-seeded")


def seeded_folder(binary):
    """A data directory with the demo catalog and all its pictures made (the first start draws them for a
    minute or more, which would be measured with the crowd): made once, copied for each run."""
    marker = os.path.join(SEEDED, "seeded")
    if not os.path.exists(marker):
        subprocess.run(["rm", "-rf", SEEDED])
        os.makedirs(SEEDED)
        log = open(os.path.join(SEEDED, "seed.log"), "w")
        server = subprocess.Popen([binary, "serve", "--port", "0", "--data-dir", SEEDED], stdout=subprocess.DEVNULL,
                                  stderr=log)
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline and "demo pictures in" not in open(os.path.join(SEEDED, "seed.log")).read():
            time.sleep(0.5)
        server.terminate()
        server.wait()
        open(marker, "w").write("ok\n")
    return SEEDED


def raise_priority(nice=-10, group_nice=None):
    """The visitors' machines are not the front's: the crowd runs at a higher priority (nice -10, as root) so that
    its own timing is not starved by the thousand browsers it measures. Its CPU is still reported (the peer).

    Both of Linux's nice values: the thread's, and its autogroup's. With kernel.sched_autogroup_enabled (this
    machine's, and Debian's default) the CPU is shared between session groups first — every browser leads one,
    and so do the front and the crowd — and a thread's own nice orders it only within its group: until
    2026-11-29 "nice -10" gave the crowd nothing against the browsers (its group weighed as much as one browser's),
    and a client at nice -10 in the front's own session took the cores from the front instead."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, nice)
    except OSError:
        print("crowd: could not raise the crowd's priority (not root): its timings include its own waits", file=sys.stderr)
    set_autogroup_nice(nice if group_nice is None else group_nice)


def own_session():
    """Makes the crowd the leader of a session of its own, before anything else runs, so that its autogroup's nice
    is the crowd's alone: a crowd sharing the session that started it (make, a test runner, a shell script) would
    set the nice of all of them, the front too if a script started it there. A process group leader (a command
    run from an interactive shell) cannot call setsid: the crowd then runs as a child that can, the parent waiting
    for it, passing on SIGINT and SIGTERM, and the child ended if the parent is killed."""
    if os.getsid(0) == os.getpid():
        return
    try:
        os.setsid()
        return
    except PermissionError:
        pass
    child = os.fork()
    if child:
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(number, lambda received, _frame: os.kill(child, received))
        while True:
            try:
                _, status = os.waitpid(child, 0)
                break
            except InterruptedError:
                continue
        os._exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else 1)
    os.setsid()
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
        if os.getppid() == 1:
            os._exit(1)
    except OSError:
        pass


def set_autogroup_nice(nice):
    """This process's session group at `nice` (lowering it needs root); False without autogroups, or when the
    process does not lead its session (the group would be others' too: `own_session` first)."""
    if os.getsid(0) != os.getpid():
        return False
    try:
        with open("/proc/self/autogroup", "w") as group:
            group.write(f"{nice}\n")
        return True
    except OSError:
        return False


def autogroup_nice(pid="self"):
    """The nice value of a process's autogroup, or None (no autogroups, or the process is gone)."""
    try:
        return int(open(f"/proc/{pid}/autogroup").read().split()[-1])
    except (OSError, ValueError, IndexError):
        return None


def start_front(args, folder):
    subprocess.run(["cp", "-a", seeded_folder(args.binary) + "/.", folder], check=True)
    command = [args.binary, "ssh", "--open", "--port", "0", "--data-dir", folder] + args.front_args
    front = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=open(os.path.join(folder, "front.log"), "w"),
                             text=True, start_new_session=not getattr(args, "front_in_crowd_session", False))
    for line in front.stdout:
        match = re.search(r"on 127\.0\.0\.1:(\d+)", line)
        if match:
            args.port = int(match.group(1))
        market = re.search(r"market: (http://[0-9.:]+)", line)
        if market:
            args.market = market.group(1)
        if "Stop with Ctrl-C" in line:
            break
    if not args.port:
        sys.exit(f"the front did not start: {open(os.path.join(folder, 'front.log')).read()[-2000:]}")
    wait_idle(front.pid)
    return front


def summary(crowd, sampler, args, elapsed, crowd_cpu):
    def ms(value):
        return None if value is None else round(value * 1000, 1)
    peak = max(sampler.samples, default=(0, 0, 0), key=lambda s: s[0]) if sampler else (0, 0, 0)
    cpu = sampler.cpu_now() - sampler.cpu_start if sampler and sampler.pids else None
    return {
        "visitors": args.visitors, "rate": args.rate, "stay_s": args.stay, "key_every_s": args.key_every,
        "keyed": args.keyed, "nice": args.nice, "front_args": args.front_args, "keys_loop": args.keys,
        "autogroup_nice": {"crowd": autogroup_nice(), "front": autogroup_nice(sampler.pid) if sampler and sampler.pid else None,
                           "browsers": sorted(n for n in sampler.browser_groups if n is not None) if sampler else []},
        "first_page": crowd.got_first_page,
        "first_page_ms": {p: ms(percentile(crowd.first_pages, q)) for p, q in (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))},
        "keys": len(crowd.keys),
        "keys_per_visitor_minute": round(len(crowd.keys) / max(1, crowd.got_first_page) / (args.stay / 60), 1),
        "key_ms": {p: ms(percentile(crowd.keys, q)) for p, q in (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))},
        "key_ms_never_cut": {p: ms(percentile([k for v, k in crowd.keys_by_visitor if v not in crowd.cut_visitors], q))
                             for p, q in (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))},
        "key_ms_while_arriving": split_ms(crowd, ms, arriving=True),
        "key_ms_after_arrivals": split_ms(crowd, ms, arriving=False),
        "crowd_full_collections": {"count": len(crowd.collections), "total_ms": ms(sum(took for _, took in crowd.collections)),
                                   "max_ms": ms(max((took for _, took in crowd.collections), default=0))},
        "crowd_lag_ms": {p: ms(percentile([lag for _, lag in crowd.lags], q)) for p, q in (("p50", 50), ("p99", 99), ("max", 100))},
        "crowd_lag_ms_while_arriving": {p: ms(percentile([lag for when, lag in crowd.lags if when <= crowd.arrivals_end], q))
                                        for p, q in (("p50", 50), ("p99", 99), ("max", 100))},
        "cut_visitors": len(crowd.cut_visitors),
        "failures": crowd.failures,
        "full_lines": sorted(set(crowd.full_lines))[:3],
        "full_line_ms": {p: ms(percentile(crowd.full_times, q)) for p, q in (("p50", 50), ("p99", 99), ("max", 100))},
        "cuts": crowd.cuts, "goodbyes": crowd.goodbyes,
        "reconnect_first_page_ms": {p: ms(percentile(crowd.reconnects, q)) for p, q in (("p50", 50), ("p99", 99), ("max", 100))},
        "reconnected": len(crowd.reconnects),
        "peak_sessions": crowd.peak,
        "peak_browsers": peak[0],
        "pss_per_session_kb": round(peak[1] / peak[0]) if peak[0] else None,
        "front_pss_kb": peak[2] or None,
        "cpu_per_session_ms": round(cpu * 1000 / max(1, crowd.got_first_page)) if cpu is not None else None,
        "front_cpu_s": round(cpu, 1) if cpu is not None else None,
        "crowd_cpu_s": round(crowd_cpu, 1),
        "bytes_per_session": round(crowd.bytes / max(1, crowd.got_first_page)),
        "elapsed_s": round(elapsed, 1),
        "edits": crowd.edits,
        "edit_seen_ms": {p: ms(percentile(crowd.edit_seen, q)) for p, q in (("min", 0), ("p50", 50), ("p99", 99), ("max", 100))},
        "edit_screens": len(crowd.edit_seen),
        "edit_missed": crowd.edit_missed,
        "client": crowd.client,
        "shards": crowd.shard_counts,
        "first_page_settled_ms": settled_ms(crowd.first_pages_settled, ms),
        "key_settled_ms": settled_ms(crowd.keys_settled, ms),
        "ends_before_sign": crowd.ends_before_sign,
    }


def settled_ms(values, ms):
    """Percentiles of the answers seen to end (the screen then quiet for 0.3 s), and how many were not (the next
    key came first)."""
    ended = [v for v in values if v is not None]
    return {"ended": len(ended), "not_ended": len(values) - len(ended),
            **{p: ms(percentile(ended, q)) for p, q in (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))}}


async def run_client(crowd, args):
    """--client: the crowd is another program (openmarket-crowd: SwiftNIO SSH on an event-loop group), sent at the
    same front with the same options; its raw times fill `crowd`, so that both clients' figures come from the
    same arithmetic. Returns the client's own CPU seconds."""
    out = tempfile.NamedTemporaryFile(prefix="openmarket-crowd-", suffix=".json", delete=False).name
    cols, rows = args.size
    command = [args.client, "--host", args.host, "--port", str(args.port), "--visitors", str(args.visitors),
               "--rate", str(args.rate), "--stay", str(args.stay), "--key-every", str(args.key_every),
               "--keyed", str(args.keyed), "--first-page-timeout", str(args.first_page_timeout), "--marker", args.marker,
               "--term", args.term, "--size", f"{cols}x{rows}", "--source-base", str(args.source_base), "--json", out,
               "--keys", args.keys] + (["--threads", str(args.client_threads)] if args.client_threads else [])
    crowd.t0 = 0.0
    crowd.arrivals_end = args.visitors / args.rate
    process = await asyncio.create_subprocess_exec(*command)
    if await process.wait() != 0:
        sys.exit(f"crowd: {args.client} ended with status {process.returncode}")
    raw = json.load(open(out))
    os.unlink(out)
    crowd.client = raw["client"]
    crowd.arrivals_end = raw["arrivals_end_s"]
    for visitor, began, took, settled in raw["first_pages"]:
        crowd.first_pages.append(took)
        crowd.first_page_started.append(began)
        crowd.first_pages_settled.append(settled)
    crowd.got_first_page = len(crowd.first_pages)
    for visitor, sent, took, settled in raw["keys"]:
        crowd.keys.append(took)
        crowd.key_sent.append(sent)
        crowd.keys_by_visitor.append((visitor, took))
        crowd.keys_settled.append(settled)
    # An answer's end never comes before its first sign: anything else is the client's own mistake.
    crowd.ends_before_sign = sum(1 for _, _, took, settled in raw["first_pages"] + raw["keys"]
                                 if settled is not None and settled < took)
    crowd.lags = [tuple(lag) for lag in raw["lags"]]
    crowd.failures = raw["failures"]
    crowd.cut_visitors = set(raw["cut_visitors"])
    crowd.cuts = raw["failures"].get("cut", 0)
    crowd.goodbyes = raw["goodbyes"]
    crowd.peak = raw["peak"]
    crowd.bytes = raw["bytes"]
    return raw["cpu_s"]


def split_ms(crowd, ms, arriving):
    """Key → answer percentiles of the keys sent while visitors still arrived (or after the last arrived)."""
    chosen = [k for k, sent in zip(crowd.keys, crowd.key_sent) if (sent <= crowd.arrivals_end) == arriving]
    return {"keys": len(chosen), **{p: ms(percentile(chosen, q)) for p, q in (("p50", 50), ("p90", 90), ("p99", 99))}}


def stop_front(front, folder):
    """Stops a front started by `start_front` (it says goodbye to its sessions) and removes its folder."""
    if front:
        front.send_signal(signal.SIGTERM)
        try:
            front.wait(timeout=15)
        except subprocess.TimeoutExpired:
            front.kill()
    subprocess.run(["rm", "-rf", folder])


def write_json(result, path):
    if path:
        with open(path, "w") as out:
            json.dump(result, out, indent=1)


def print_summary(result):
    fp, key = result["first_page_ms"], result["key_ms"]
    print(f"visitors {result['visitors']} at {result['rate']}/s, staying {result['stay_s']} s, a key every ~{result['key_every_s']} s"
          f" ({result['keys_loop']} loop) — client: {result['client']}")
    print(f"  first page: {result['first_page']}/{result['visitors']}   p50 {fp['p50']} ms   p90 {fp['p90']} ms   p99 {fp['p99']} ms   max {fp['max']} ms")
    print(f"  key → answer ({result['keys']} keys, {result['keys_per_visitor_minute']} a visitor a minute): p50 {key['p50']} ms   p90 {key['p90']} ms   p99 {key['p99']} ms   max {key['max']} ms")
    for name, label in (("first_page_settled_ms", "first page, to its last byte"), ("key_settled_ms", "key, to the answer's last byte")):
        done = result[name]
        if done["ended"] or done["not_ended"]:
            print(f"  {label} ({done['ended']} ended, {done['not_ended']} not before the next): p50 {done['p50']} ms"
                  f"   p90 {done['p90']} ms   p99 {done['p99']} ms   max {done['max']} ms")
    during, after = result["key_ms_while_arriving"], result["key_ms_after_arrivals"]
    lag, lag_arriving = result["crowd_lag_ms"], result["crowd_lag_ms_while_arriving"]
    print(f"    while visitors arrive ({during['keys']} keys): p50 {during['p50']} ms   p90 {during['p90']} ms   p99 {during['p99']} ms;"
          f"   after ({after['keys']} keys): p50 {after['p50']} ms   p90 {after['p90']} ms   p99 {after['p99']} ms")
    print(f"  the crowd's own loop, late by: p50 {lag['p50']} ms   p99 {lag['p99']} ms   max {lag['max']} ms"
          f"   (while visitors arrive: p99 {lag_arriving['p99']} ms)")
    if result.get("crowd_full_collections", {}).get("count"):
        full = result["crowd_full_collections"]
        print(f"  the crowd's own full garbage collections: {full['count']}, {full['total_ms']} ms in all, the longest {full['max_ms']} ms")
    print(f"  failures: {result['failures'] or 'none'}" + (f"   full line: {result['full_lines'][0]!r}" if result["full_lines"] else ""))
    if result["full_lines"]:
        full = result["full_line_ms"]
        print(f"  turned away: connect → the full line p50 {full['p50']} ms   p99 {full['p99']} ms   max {full['max']} ms")
    if result["cuts"]:
        again, kept = result["reconnect_first_page_ms"], result["key_ms_never_cut"]
        print(f"  cut {result['cuts']} time(s) ({result['goodbyes']} with a goodbye line); came back {result['reconnected']}: first page again p50 {again['p50']} ms   p99 {again['p99']} ms   max {again['max']} ms")
        print(f"  key → answer of the {result['visitors'] - result['cut_visitors']} visitors never cut: p50 {kept['p50']} ms   p99 {kept['p99']} ms   max {kept['max']} ms")
    print(f"  peak sessions {result['peak_sessions']} (browsers seen {result['peak_browsers']})   PSS per session {result['pss_per_session_kb']} kB   front PSS {result['front_pss_kb']} kB")
    if result["edits"]:
        seen = result["edit_seen_ms"]
        print(f"  edit → on screen ({result['edits']} edits, {result['edit_screens']} screens): p50 {seen['p50']} ms   p99 {seen['p99']} ms"
              f"   max {seen['max']} ms;   screens that missed one: {result['edit_missed']}")
    if result["shards"]:
        print("  shards: " + ";   ".join(f"{n}: {c['first_page']} first pages, {c['keys']} keys, {c['edit_screens']} edit screens, "
                                         f"{c['cpu_s']} s CPU" for n, c in enumerate(result["shards"])))
    groups = result["autogroup_nice"]
    if groups["crowd"] is not None:
        print(f"  autogroups' nice: the crowd {groups['crowd']}, the front {groups['front']}, its browsers {groups['browsers']}")
    print(f"  CPU per session {result['cpu_per_session_ms']} ms (front + browsers {result['front_cpu_s']} s; the crowd itself {result['crowd_cpu_s']} s)   bytes per session {result['bytes_per_session']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="start `BINARY ssh --open` on a free port in a temporary folder")
    parser.add_argument("--front-args", default="", help="more options for the started front (one string)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--front-pid", type=int, action="append", default=[], help="a running front to measure (repeatable)")
    parser.add_argument("--visitors", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20, help="visitors arriving per second")
    parser.add_argument("--stay", type=float, default=120, help="seconds each stays after the first page")
    parser.add_argument("--key-every", type=float, default=3, help="seconds between keys (±40%%)")
    parser.add_argument("--first-page-timeout", type=float, default=30)
    parser.add_argument("--marker", default=r"\d+\+? products", help="regex that shows the first page is painted")
    parser.add_argument("--term", default="xterm-256color")
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--layout", default="grid")
    parser.add_argument("--source-base", type=int, default=77, help="visitors come from 127.BASE.x.y")
    parser.add_argument("--reconnect", action="store_true", help="a visitor whose session is cut comes back (until its stay ends)")
    parser.add_argument("--nice", type=int, default=-10,
                        help="the crowd's priority (-10, as root, by default: the visitors' machines are not the front's; 0: the front's own)")
    parser.add_argument("--group-nice", type=int, default=None,
                        help="the crowd's autogroup nice (default: --nice's; 0: the session group's as it was before 2026-11-29, "
                        "when only the thread's own nice was set and, with autogroups, gave the crowd no priority over the browsers)")
    parser.add_argument("--front-in-crowd-session", action="store_true",
                        help="start the front in the crowd's own session (so its autogroup) as a script that starts both does, "
                        "instead of a session of its own")
    parser.add_argument("--keyed", type=float, default=1.0,
                        help="share of visitors with a key of their own (1: every visitor offers one shared key, as before; 0.5: half a key each, half none)")
    parser.add_argument("--keep-log", help="copy the started front's log here before its folder is removed")
    parser.add_argument("--json", help="write the result here too")
    parser.add_argument("--edits-per-second", type=float, default=0,
                        help="register a product (first on every page 1) and edit its price this often from 5 s after the "
                        "first arrival; edit → on each screen's bytes (the started front's market, or --market and --vendor)")
    parser.add_argument("--market", help="with --port and --edits-per-second: the running front's market (its `market:` line)")
    parser.add_argument("--vendor", help="with --port and --edits-per-second: the demo vendor's identity (demo-vendor.json in "
                        "the running front's data directory)")
    parser.add_argument("--client", help="send this program's crowd instead of crowd.py's own (openmarket-crowd: "
                        "SwiftNIO SSH, written differently), with the same options; measured and reported alike")
    parser.add_argument("--client-threads", type=int, default=0, help="--client's event loops (default: one per core)")
    parser.add_argument("--shards", type=int, default=1,
                        help="the visitors split over this many processes, each one event loop (every Nth visitor; the "
                        "parent sends the edits): one loop reads an edit's whole burst of screens one after another")
    parser.add_argument("--keys", choices=("open", "closed"), default="closed",
                        help="closed (as before 2026-11-29): each key's pause starts when its answer comes (5 s at most), so a slow "
                        "front gets fewer keys; open: a key every --key-every ±40%% whatever the answers do")
    parser.add_argument("--gc-freeze", action=argparse.BooleanOptionalAction, default=True,
                        help="keep the crowd's own full garbage collections short (gc.freeze every 2 s; their count and "
                        "length are reported either way); --no-gc-freeze collects as Python does by default")
    parser.add_argument("--keys-out", help="write every key, first page and edit on a screen here (when it was sent or the "
                        "visitor connected, seconds after the first arrival; how long its answer took), and the crowd's own late "
                        "wakes over 10 ms and full collections, to see when the slow ones came")
    args = parser.parse_args()
    if args.nice or args.group_nice:
        own_session()
    args.size = tuple(int(x) for x in args.size.split("x"))
    args.front_args = args.front_args.split()
    folder = tempfile.mkdtemp(prefix="openmarket-crowd-")
    started = []  # the front once started: stopped, its log kept and its folder removed however the crowd ends

    def clean_up():
        if args.keep_log and os.path.exists(os.path.join(folder, "front.log")):
            shutil.copy(os.path.join(folder, "front.log"), args.keep_log)
        stop_front(started[0] if started else None, folder)
    atexit.register(clean_up)
    # Stopped with SIGTERM (a script's time-out, kill) the crowd ends as on an error, and clean_up runs: until
    # now its front and the front's browsers went on without it.
    signal.signal(signal.SIGTERM, lambda _number, _frame: sys.exit(143))
    # The front first, at the usual priority: started after the crowd raised its own, it took -10 too (so did
    # every run before 2026-11-28 at "nice -10").
    front = start_front(args, folder) if args.binary else None
    if front:
        started.append(front)
    if args.nice or args.group_nice:
        raise_priority(args.nice, args.group_nice)
    pids = [front.pid] if front else args.front_pid
    if args.shards < 1 or (args.shards > 1 and args.client):
        sys.exit("crowd: --shards is 1 or more, and is crowd.py's own (not with --client)")
    if args.client and args.edits_per_second > 0:
        sys.exit("crowd: --client does not time edits (crowd.py's own visitors do)")
    if args.edits_per_second > 0:
        if not front and not (args.market and args.vendor):
            sys.exit("crowd: --edits-per-second needs --binary, or a running front's --market and --vendor")
        args.vendor = json.load(open(os.path.join(folder, "demo-vendor.json") if front else args.vendor))
        args.edit_product = register_lamp(args.market, args.vendor)
    crowd = Crowd(args)
    # The crowd's own full collections, timed (a pause of its one loop delays every answer it reads meanwhile).
    collecting = []
    def on_collection(phase, info):
        if info["generation"] == 2:
            if phase == "start":
                collecting[:] = [time.monotonic()]
            elif collecting:
                crowd.collections.append((collecting[0], time.monotonic() - collecting[0]))
    gc.callbacks.append(on_collection)

    # --shards: forked before any event loop runs, to start at t0 (a second on: forking 2,000 visitors' keys is quick).
    t0 = time.monotonic() + (1.0 if args.shards > 1 else 0.2)
    shards = start_shards(crowd, t0) if args.shards > 1 else None
    if shards:
        crowd.start_at(t0)

    async def everything():
        sampler = Sampler(pids) if pids else None
        sampling = asyncio.ensure_future(sampler.run()) if sampler else None
        started = time.monotonic()
        own = time.process_time()
        if args.client:
            own = await run_client(crowd, args)
        elif shards:
            own = await gather_shards(crowd, shards)
        else:
            await crowd.run(t0)
            own = time.process_time() - own
        crowd.resolve_edits()
        elapsed = time.monotonic() - started
        if sampling:
            sampling.cancel()
            await asyncio.gather(sampling, return_exceptions=True)
        return summary(crowd, sampler, args, elapsed, own)

    result = asyncio.run(everything())
    atexit.unregister(clean_up)
    clean_up()
    print_summary(result)
    write_json(result, args.json)
    write_json({"arrivals_end_s": round(crowd.arrivals_end - crowd.t0, 3),
                "keys": [(round(sent - crowd.t0, 3), round(took, 4)) for took, sent in zip(crowd.keys, crowd.key_sent)],
                "lags": [(round(when - crowd.t0, 3), round(late, 4)) for when, late in crowd.lags if late > 0.01],
                "collections": [(round(when - crowd.t0, 3), round(took, 4)) for when, took in crowd.collections],
                "first_pages": [(round(began - crowd.t0, 3), round(took, 4))
                                for took, began in zip(crowd.first_pages, crowd.first_page_started)],
                "edits_seen": [(round(sent - crowd.t0, 3), round(took, 4))
                               for took, sent in zip(crowd.edit_seen, crowd.edit_seen_sent)]},
               args.keys_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
