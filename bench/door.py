#!/usr/bin/env python3
"""The door under siege: connections that never log in, and visitors who want the first page meanwhile.

An attacker holds --silent connections to `openmarket ssh` from --addresses loopback addresses (127.88.x.y):
each says nothing (--mode silent), or sends an SSH version line and stops (--mode version), or half and half
(--mode mixed); a connection the front closes is opened again after --reopen seconds, so the siege holds
for its whole length. Once every one was opened once, --visitors visitors (bench/crowd.py's, from addresses
of their own) come one after another and are timed from connect to the first page.

Prints the visitors' first-page times (each, median, max) and failures, the listening socket's accept queue
and how often the machine's accept queues overflowed meanwhile, how many attack connections were open when
the visitors came, how many the front closed and refused, and the front's memory (RSS, PSS) and
open descriptors before the siege and during it. --json FILE writes the same.

Usage:
  bench/door.py --binary .build/release/openmarket --silent 5000 --addresses 1000 [--mode mixed]
  bench/door.py --port 2222 --front-pid PID ...
"""
import argparse, asyncio, multiprocessing, os, random, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crowd  # noqa: E402  (the visitors, the front's start and its measurements)


def listen_overflows():
    """The kernel's count of connections dropped because a listening socket's accept queue was full (TcpExt
    ListenOverflows, for the whole machine): each is a SYN or a handshake's last ACK a visitor must resend."""
    with open("/proc/net/netstat") as table:
        lines = [line.split() for line in table if line.startswith("TcpExt:")]
    return int(dict(zip(lines[0][1:], lines[1][1:])).get("ListenOverflows", 0)) if len(lines) == 2 else None


def listen_backlog(port):
    """The accept queue's length of the socket listening on `port` (Send-Q in `ss -lnt`), or None."""
    try:
        out = subprocess.run(["ss", "-Hlnt", f"sport = :{port}"], capture_output=True, text=True, timeout=10).stdout
        return int(out.split()[2]) if out.split() else None
    except (OSError, ValueError, IndexError, subprocess.TimeoutExpired):
        return None


def descriptors(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


class Siege:
    """Runs in a process of its own (`siege_process`), so that its thousands of sockets never slow the visitors'
    own event loop: what the visitors measure is the front."""

    def __init__(self, args):
        self.args = args
        self.open = 0
        self.opened = 0
        self.closed_by_front = 0
        self.refused = 0
        self.all_opened_once = asyncio.Event()
        self.stopping = False

    async def hold(self, index):
        args = self.args
        address = f"127.88.{index % args.addresses // 250}.{index % args.addresses % 250 + 1}"
        version = args.mode == "version" or (args.mode == "mixed" and index % 2 == 1)
        first = True
        while not self.stopping:
            try:
                reader, writer = await asyncio.open_connection(args.host, args.port, local_addr=(address, 0))
            except OSError:
                self.refused += 1
                await asyncio.sleep(args.reopen)
                continue
            self.open += 1
            self.opened += 1
            if first:
                first = False
                if self.opened >= args.silent:
                    self.all_opened_once.set()
            if version:
                writer.write(b"SSH-2.0-OpenSSH_9.2p1 door\r\n")
            try:
                while not self.stopping:
                    if not await reader.read(4096):
                        break
            except OSError:
                pass
            self.open -= 1
            if not self.stopping:
                self.closed_by_front += 1
            writer.close()
            await asyncio.sleep(args.reopen * random.uniform(0.5, 1.5))

    async def run(self, started, stop, status):
        """Opens the siege, sets `started` once every connection was opened once, publishes how many are open
        in `status` until `stop` is set."""
        args = self.args
        holders = []
        # Opened at a steady pace (a few thousand a second), as a script would.
        for index in range(args.silent):
            holders.append(asyncio.ensure_future(self.hold(index)))
            if index % 200 == 199:
                await asyncio.sleep(0.05)
        try:
            await asyncio.wait_for(self.all_opened_once.wait(), timeout=60)
        except asyncio.TimeoutError:
            pass
        started.set()
        while not stop.is_set():
            status["open"] = self.open
            await asyncio.sleep(0.1)
        status.update(open=self.open, opened=self.opened, closed=self.closed_by_front, refused=self.refused)
        self.stopping = True
        for holder in holders:
            holder.cancel()
        await asyncio.gather(*holders, return_exceptions=True)


def siege_process(args, started, stop, status):
    asyncio.run(Siege(args).run(started, stop, status))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary")
    parser.add_argument("--front-args", default="")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--front-pid", type=int, default=0)
    parser.add_argument("--silent", type=int, default=5000, help="attack connections held")
    parser.add_argument("--addresses", type=int, default=1000, help="addresses they come from")
    parser.add_argument("--mode", choices=["silent", "version", "mixed"], default="mixed")
    parser.add_argument("--reopen", type=float, default=0.5, help="seconds before a closed one is opened again")
    parser.add_argument("--settle", type=float, default=2, help="seconds between the siege's start and the first visitor")
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--first-page-timeout", type=float, default=30)
    parser.add_argument("--json")
    args = parser.parse_args()
    crowd.own_session()  # so that raising the crowd's autogroup below raises no one else's
    folder = tempfile.mkdtemp(prefix="openmarket-door-")
    crowd_args = argparse.Namespace(
        binary=args.binary, front_args=args.front_args.split(), host=args.host, port=args.port, visitors=args.visitors,
        rate=1, stay=0.5, key_every=0.3, first_page_timeout=args.first_page_timeout, marker=r"\d+\+? products",
        term="xterm-256color", size=(100, 30), layout="grid", source_base=77, reconnect=False, keyed=1.0, keys="closed")
    front = crowd.start_front(crowd_args, folder) if args.binary else None
    crowd.raise_priority()  # after the front is started, which keeps the usual priority
    args.port = crowd_args.port
    pid = front.pid if front else args.front_pid
    before = {"rss_kb": crowd.rss_kb(pid), "pss_kb": crowd.pss_kb(pid), "descriptors": descriptors(pid)} if pid else {}

    backlog, overflows_before = listen_backlog(args.port), listen_overflows()
    manager = multiprocessing.Manager()
    started, stop, status = manager.Event(), manager.Event(), manager.dict(open=0, opened=0, closed=0, refused=0)
    siege = multiprocessing.Process(target=siege_process, args=(args, started, stop, status))

    async def everything():
        visitors = crowd.Crowd(crowd_args)
        during = {}
        during["attack_open"] = status["open"]
        during["rss_kb"], during["pss_kb"], during["descriptors"] = crowd.rss_kb(pid), crowd.pss_kb(pid), descriptors(pid)
        for index in range(args.visitors):
            await visitors.visit(index, time.monotonic())
            await asyncio.sleep(0.2)
        return visitors, during

    try:
        if args.silent:
            siege.start()
            started.wait(timeout=90)
            time.sleep(args.settle)
        visitors, during = asyncio.run(everything())
        stop.set()
        if args.silent:
            siege.join(timeout=60)
    finally:
        if siege.is_alive():
            siege.kill()
        crowd.stop_front(front, folder)
    overflows = listen_overflows() - overflows_before if overflows_before is not None else None
    times = [round(t * 1000) for t in visitors.first_pages]
    result = {
        "listen_backlog": backlog, "listen_overflows": overflows,
        "silent": args.silent, "addresses": args.addresses, "mode": args.mode,
        "visitors": args.visitors, "first_page": len(times), "first_page_ms": times,
        "first_page_median_ms": sorted(times)[len(times) // 2] if times else None,
        "first_page_max_ms": max(times) if times else None,
        "failures": visitors.failures,
        "attack_opened": status["opened"], "attack_open_when_visitors_came": during.get("attack_open"),
        "attack_closed_by_front": status["closed"], "attack_refused": status["refused"],
        "front_before": before, "front_during": {k: during.get(k) for k in ("rss_kb", "pss_kb", "descriptors")},
    }
    print(f"siege: {args.silent} connections ({args.mode}) from {args.addresses} addresses; "
          f"{result['attack_open_when_visitors_came']} open when the visitors came; the front closed {status['closed']}, refused {status['refused']}")
    print(f"  accept queue: {backlog} long; overflowed {overflows} times meanwhile (the whole machine's count)")
    print(f"  visitors: {len(times)}/{args.visitors} got the first page   median {result['first_page_median_ms']} ms   "
          f"max {result['first_page_max_ms']} ms   {times}   failures: {visitors.failures or 'none'}")
    if pid:
        print(f"  front before: RSS {before['rss_kb']} kB, PSS {before['pss_kb']} kB, {before['descriptors']} descriptors;   "
              f"during: RSS {during.get('rss_kb')} kB, PSS {during.get('pss_kb')} kB, {during.get('descriptors')} descriptors")
    crowd.write_json(result, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
