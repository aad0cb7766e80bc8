#!/usr/bin/env python3
"""Edit → seen past one machine: three `openmarket ssh` fronts, each on a host of its own (a network namespace on
a bridge), browsing two `openmarket serve` replicas on PostgreSQL behind nginx (bench/fronts.py's layout); N
visitors spread over the fronts, each screen kept by pyte (bench/live.py's visitor), so "seen" means on the screen.

    scripts/test-postgres.sh run .build-tools/venv/bin/python bench/fronts_live.py --binary .build/release/openmarket \
        --visitors 300 --edits 30

nginx hands each browser's change stream to one replica or the other, so about half the visitors follow replica
B. Then:
  - who is here: the count on each visitor's title once the arrivals settled (every replica's streams, summed
    through PostgreSQL: the goal is every visitor);
  - one edit a second of the product every screen shows, made on replica A only: edit → on each screen, p50/p99
    per front and over all (the goal: p99 ≤ 1 s), and the screens it never reached within 5 s.
Needs root (namespaces), nginx, and OPENMARKET_TEST_DATABASE (a cluster).
"""
import argparse, asyncio, collections, json, os, re, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    import asyncssh  # noqa: F401
    import live
except ImportError:
    sys.exit("fronts_live.py needs AsyncSSH and pyte: run it with .build-tools/venv/bin/python (make bench-deps)")
import fronts  # noqa: E402
from crowd import percentile  # noqa: E402

HERE_COUNT = re.compile(r"(\d[\d,]*) here")


def ms(values, q):
    value = percentile(values, q)
    return None if value is None else round(value * 1000, 1)


async def arrive(addresses, visitors, rate):
    """Visitor i on front i modulo the fronts, `rate` a second; returns [(front, screen, connection)]."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    served, failures = [], []

    async def one(index, at):
        await asyncio.sleep(max(0, at - time.monotonic()))
        front = index % len(addresses)
        try:
            conn = await asyncssh.connect(addresses[front], 2222, username=f"v{index}", client_keys=[key], known_hosts=None,
                                          agent_path=None, keepalive_interval=0)
            _, screen = await conn.create_session(live.Screen, term_type="xterm-256color",
                                                  term_size=(live.COLUMNS, live.ROWS), encoding=None)
            await asyncio.wait_for(asyncio.shield(screen.first_page), 60)
            served.append((front, screen, conn))
        except Exception as error:  # counted; the figures are of those served
            failures.append(repr(error))
    start = time.monotonic()
    await asyncio.gather(*(one(i, start + i / rate) for i in range(visitors)))
    return served, failures


async def measure(args, layout, product, identity, replica_a):
    addresses = layout["hosts"].addresses
    served, failures = await arrive(addresses, args.visitors, args.rate)
    result = {"served": len(served), "failures": len(failures), "failure_kinds": sorted(set(failures))[:3]}
    # Who is here: each replica says its count within 2 s of a change, each stream is told within 5 s of it.
    await asyncio.sleep(args.settle_here)
    shown = collections.Counter()
    for _, screen, _ in served:
        match = HERE_COUNT.search(screen.screen.display[0])
        shown[int(match.group(1).replace(",", "")) if match else None] += 1
    result["here_shown"] = {str(count): screens for count, screens in sorted(shown.items(), key=lambda kv: (kv[0] is None, kv[0] or 0))}
    latencies = collections.defaultdict(list)
    missed = collections.Counter()
    for n in range(args.edits):
        price = 60_000 + n * 7
        text = f"{price:,}"
        waits = []
        for front, screen, _ in served:
            future = asyncio.get_running_loop().create_future()
            screen.wanted = (text, future)
            waits.append((front, future))
        sent = time.monotonic()
        status, _ = await asyncio.to_thread(
            live.request, replica_a, "PATCH", f"/api/products/{product}",
            {"secret": identity["secret"], "price": price, "discounted_price": 0},
            {"identifier": identity["identifier"], "Content-Type": "application/json"})
        assert status == 200, status
        await asyncio.wait([f for _, f in waits], timeout=5.0)
        for front, future in waits:
            if future.done():
                latencies[front].append(future.result() - sent)
            else:
                missed[front] += 1
        await asyncio.sleep(max(0, sent + 1.0 - time.monotonic()))
    everything = [value for values in latencies.values() for value in values]
    result["edits"] = args.edits
    result["edit_seen_ms"] = {"p50": ms(everything, 50), "p99": ms(everything, 99), "max": ms(everything, 100)}
    result["per_front"] = [{"front": front, "visitors": sum(1 for f, _, _ in served if f == front), "screens": len(latencies[front]),
                            "missed": missed[front], "p50_ms": ms(latencies[front], 50), "p99_ms": ms(latencies[front], 99)}
                           for front in range(len(addresses))]
    result["missed"] = sum(missed.values())
    for _, _, conn in served:
        conn.close()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/openmarket")
    parser.add_argument("--fronts", type=int, default=3)
    parser.add_argument("--visitors", type=int, default=300)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--settle", type=float, default=600,
                        help="at most this long, wait for the replicas to finish drawing the demo pictures (0: not at all)")
    parser.add_argument("--settle-here", type=float, default=12, help="seconds after the last arrival before the counts are read")
    parser.add_argument("--json")
    args = parser.parse_args()
    database = os.environ.get("OPENMARKET_TEST_DATABASE")
    if not database:
        sys.exit("fronts_live.py: run it through scripts/test-postgres.sh run (it needs OPENMARKET_TEST_DATABASE)")
    binary = os.path.abspath(args.binary)
    work = tempfile.mkdtemp(prefix="openmarket-fronts-live-")
    processes, layout = [], {}

    start = fronts.starter(work, processes)

    try:
        # Visitors come straight to each front from this machine's address on the bridge: one address for all.
        fronts.start_layout(args, binary, database, work, start, layout, proxy_protocol=False, front_args=[
            "--connections-per-minute", "100000", "--max-sessions-per-address", "10000", "--max-startups-per-address", "1024"])
        replica_a = f"http://127.0.0.1:{layout['replicas'][0][2]}"
        served = open(layout["replicas"][0][1]).read()
        identity = {"identifier": re.search(r"identifier ([0-9a-f-]{36})", served).group(1),
                    "secret": re.search(r"secret +(\S+)", served).group(1)}
        product = live.register_lamp(replica_a, identity)
        load = os.getloadavg()[0]
        result = asyncio.run(measure(args, layout, product, identity, replica_a))
        result.update(visitors=args.visitors, fronts=args.fronts, rate=args.rate, load_before=round(load, 2))
        print(f"visitors {result['served']}/{args.visitors} over {args.fronts} fronts (failures {result['failures']}"
              f"{': ' + result['failure_kinds'][0] if result['failure_kinds'] else ''}), two replicas; load before {load:.1f}")
        print(f"  who is here, on the visitors' titles: {result['here_shown']} (screens by count shown)")
        seen = result["edit_seen_ms"]
        print(f"  edit on replica A → on screen ({args.edits} edits): p50 {seen['p50']} ms   p99 {seen['p99']} ms   max {seen['max']} ms;"
              f"   missed {result['missed']}")
        for front in result["per_front"]:
            print(f"    front{front['front']}: {front['visitors']} visitors, {front['screens']} screens, p50 {front['p50_ms']} ms"
                  f"   p99 {front['p99_ms']} ms   missed {front['missed']}")
        if args.json:
            json.dump(result, open(args.json, "w"), indent=1)
        return 0
    finally:
        fronts.stop_layout(processes, work, layout)


if __name__ == "__main__":
    sys.exit(main())
