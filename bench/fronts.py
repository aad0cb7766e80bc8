#!/usr/bin/env python3
"""More than one machine: a crowd through HAProxy to three `openmarket ssh` fronts, each on a host of its own (a
network namespace on a bridge), browsing two `openmarket serve` replicas on PostgreSQL behind nginx — the layout
of docs/DEPLOY.md — and one front killed in the middle of the crowd.

    scripts/test-postgres.sh run .build-tools/venv/bin/python bench/fronts.py --binary .build/release/openmarket \
        --visitors 1500 --rate 20 --stay 120 --kill-at 60

The crowd (bench/crowd.py, with --reconnect) comes from 127.77.x.y; HAProxy passes each visitor's address to the
fronts in a PROXY header. At --kill-at seconds after the first visitor, front 0 gets --kill-signal (KILL: the
machine is gone; TERM: it says goodbye). Its visitors come back through HAProxy to the others; the report has the
crowd's figures, how many were cut and came back, the key → answer of the visitors never cut, and each front's
sessions before the kill. With --writes W, price edits of random demo products arrive through nginx W a second
during the crowd, and the report has each replica's answer cache hit rate and request latency meanwhile (from their
/metrics). Needs root (namespaces), haproxy, nginx, and OPENMARKET_TEST_DATABASE (a cluster).
"""
import argparse, json, os, random, re, resource, signal, socket, subprocess, sys, tempfile, threading, time
import urllib.error, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crowd as crowdlib  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def sh(*command, check=True):
    return subprocess.run(command, check=check, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Hosts:
    """A bridge with this machine at .1 and N namespaces at .10, .11, … of 10.202.P.0/24."""

    def __init__(self, count):
        tag = os.getpid() % 10000
        net = f"10.202.{os.getpid() % 250}"
        self.bridge, self.gateway = f"ombr{tag}", f"{net}.1"
        self.names = [f"omf{tag}-{i}" for i in range(count)]
        self.addresses = [f"{net}.{10 + i}" for i in range(count)]
        self.links = [f"omf{tag}h{i}" for i in range(count)]
        self.remove()
        sh("ip", "link", "add", self.bridge, "type", "bridge")
        sh("ip", "addr", "add", f"{self.gateway}/24", "dev", self.bridge)
        sh("ip", "link", "set", self.bridge, "up")
        for name, address, link in zip(self.names, self.addresses, self.links):
            sh("ip", "netns", "add", name)
            sh("ip", "link", "add", link, "type", "veth", "peer", "name", link + "n")
            sh("ip", "link", "set", link, "master", self.bridge)
            sh("ip", "link", "set", link, "up")
            sh("ip", "link", "set", link + "n", "netns", name)
            sh("ip", "netns", "exec", name, "ip", "link", "set", link + "n", "name", "eth0")
            sh("ip", "netns", "exec", name, "ip", "addr", "add", f"{address}/24", "dev", "eth0")
            sh("ip", "netns", "exec", name, "ip", "link", "set", "eth0", "up")
            sh("ip", "netns", "exec", name, "ip", "link", "set", "lo", "up")

    def remove(self):
        for name, link in zip(self.names, self.links):
            sh("ip", "netns", "del", name, check=False)
            sh("ip", "link", "del", link, check=False)
        sh("ip", "link", "del", self.bridge, check=False)


def wait_for(path, text, process, limit=120):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if os.path.exists(path) and re.search(text, open(path, errors="replace").read()):
            return open(path, errors="replace").read()
        if process.poll() is not None:
            break
        time.sleep(0.2)
    sys.exit(f"fronts: {path} never said {text!r}: {open(path, errors='replace').read()[-2000:] if os.path.exists(path) else ''}")


def metrics(port):
    """The samples of a replica's /metrics, by name and labels as written."""
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    samples = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.rpartition(" ")
            samples[key] = float(value)
    return samples


def replica_figures(before, after):
    """Hit rate and latency of the reads between two scrapes of the replicas (summed)."""
    def delta(key):
        return sum(a.get(key, 0) - b.get(key, 0) for b, a in zip(before, after))
    hits, misses = delta('openmarket_cache_lookups_total{result="hit"}'), delta('openmarket_cache_lookups_total{result="miss"}')
    figures = {"cache_hits": int(hits), "cache_misses": int(misses),
               "hit_rate": round(hits / (hits + misses), 4) if hits + misses else None}
    for route in ("/api/products", "/api/products/{id}"):
        prefix = f'openmarket_http_request_duration_seconds_bucket{{route="{route}",method="GET",le="'
        buckets = sorted((float(k[len(prefix):-2]) if k[len(prefix):-2] != "+Inf" else float("inf"), k)
                         for k in after[0] if k.startswith(prefix))
        counts = [(bound, delta(key)) for bound, key in buckets]
        total = counts[-1][1] if counts else 0
        name = "list" if route == "/api/products" else "detail"
        figures[f"{name}_requests"] = int(total)
        for label, q in (("p50", 0.5), ("p99", 0.99)):
            bound = next((b for b, c in counts if total and c >= q * total), None)
            figures[f"{name}_{label}_ms_at_most"] = None if bound is None else bound * 1000
    return figures


def starter(work, processes):
    """`start(command, name)`: starts a process logging to WORK/NAME.log, keeps it in `processes`; returns it
    and its log's path."""
    def start(command, name, **extra):
        log = open(os.path.join(work, name + ".log"), "w")
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, **extra)
        processes.append(process)
        return process, os.path.join(work, name + ".log")
    return start


def stop_layout(processes, work, layout):
    """Stops what `starter` and `start_layout` started (TERM, then KILL after 20 s), nginx, the hosts; removes
    `work` (unless KEEP is set)."""
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
    pid_file = os.path.join(work, "nginx", "nginx.pid")
    if os.path.exists(pid_file):
        sh("kill", open(pid_file).read().strip(), check=False)
    if layout.get("hosts"):
        layout["hosts"].remove()
    if os.environ.get("KEEP"):
        print(f"fronts: kept {work}", file=sys.stderr)
    else:
        subprocess.run(["rm", "-rf", work])


def start_layout(args, binary, database, work, start, layout, proxy_protocol=True, front_args=()):
    """Replicas a and b on PostgreSQL (a database of the bench's own), nginx before them on the bridge, and
    `args.fronts` fronts on hosts of their own browsing it (each behind --proxy-protocol unless told not, with
    `front_args` more).
    `start(command, name)` starts and keeps a process; `layout` (a dict) is filled as things start, so that a
    caller's cleanup finds the hosts even when a later step fails; it is returned."""
    hosts = layout["hosts"] = Hosts(args.fronts)
    # The bench's own database in the cluster, empty.
    db = database.rsplit("/", 1)[0] + "/openmarket_fronts"
    sh("psql", "-q", database, "-c", "DROP DATABASE IF EXISTS openmarket_fronts", "-c", "CREATE DATABASE openmarket_fronts")

    # nginx on the bridge, as DEPLOY.md configures it; the replicas name pictures under it.
    nginx_port = free_port()
    market = f"http://{hosts.gateway}:{nginx_port}"
    replicas = []
    for name in ("a", "b"):
        port = free_port()
        process, log = start([binary, "serve", "--port", str(port), "--data-dir", os.path.join(work, name),
                              "--database", db, "--replica-id", name, "--public-url", market, "--log-level", "warning",
                              "--max-connections-per-address", "0", "--max-streams-per-address", "0",
                              "--stream-starts-per-minute", "0"], "replica-" + name)
        replicas.append((process, log, port))
    for process, log, _ in replicas:
        wait_for(log, "Stop with Ctrl-C", process)
    nginx_dir = os.path.join(work, "nginx")
    os.makedirs(nginx_dir)
    upstream = "\n".join(f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" for _, _, port in replicas)
    open(os.path.join(nginx_dir, "nginx.conf"), "w").write(f"""
{"user root;" if os.getuid() == 0 else ""}
worker_processes 1;
pid {nginx_dir}/nginx.pid;
error_log {nginx_dir}/error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {nginx_dir}/body;
    proxy_temp_path {nginx_dir}/proxy;
    proxy_cache_path {nginx_dir}/pictures keys_zone=pictures:10m max_size=1g inactive=7d;
    upstream market {{
{upstream}
    keepalive 64;
    }}
    server {{
    listen {hosts.gateway}:{nginx_port};
    client_max_body_size 3m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_next_upstream error timeout http_502 http_503;
    location / {{ proxy_pass http://market; proxy_read_timeout 70s; }}
    location /images/ {{ proxy_pass http://market; proxy_cache pictures; proxy_cache_valid 200 7d; proxy_cache_lock on; }}
    }}
}}
""")
    sh("nginx", "-p", nginx_dir, "-e", os.path.join(nginx_dir, "error.log"), "-c", os.path.join(nginx_dir, "nginx.conf"))
    # Let the replicas draw the demo pictures before the crowd (the first start does, for a minute or more).
    for process, _, _ in replicas:
        if args.settle > 0:
            crowdlib.wait_idle(process.pid, limit=args.settle)

    # The fronts, one per host, sharing one host key.
    key = os.path.join(work, "ssh_host_ed25519_key")
    fronts = []
    for i, (name, address) in enumerate(zip(hosts.names, hosts.addresses)):
        process, log = start(["ip", "netns", "exec", name, binary, "ssh", "--open", "--host", address, "--port", "2222",
                              "--server", market, "--data-dir", os.path.join(work, f"front{i}"), "--host-key", key,
                              "--name", f"front{i}"] + (["--proxy-protocol"] if proxy_protocol else []) + list(front_args), f"front{i}")
        fronts.append((process, log))
        wait_for(log, "Stop with Ctrl-C", process)  # one at a time: the first makes the key
    layout.update(replicas=replicas, market=market, nginx_port=nginx_port, fronts=fronts, database=db, key=key)
    return layout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/openmarket")
    parser.add_argument("--fronts", type=int, default=3)
    parser.add_argument("--visitors", type=int, default=1500)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--stay", type=float, default=120)
    parser.add_argument("--key-every", type=float, default=3)
    parser.add_argument("--kill-at", type=float, default=60, help="seconds after the first visitor; 0: no kill")
    parser.add_argument("--kill-signal", choices=["KILL", "TERM"], default="KILL")
    parser.add_argument("--first-page-timeout", type=float, default=30)
    parser.add_argument("--settle", type=float, default=600,
                        help="at most this long, wait for the replicas to finish drawing the demo pictures (0: not at all)")
    parser.add_argument("--writes", type=float, default=0, help="price edits a second through nginx during the crowd")
    parser.add_argument("--json")
    args = parser.parse_args()
    database = os.environ.get("OPENMARKET_TEST_DATABASE")
    if not database:
        sys.exit("fronts.py: run it through scripts/test-postgres.sh run (it needs OPENMARKET_TEST_DATABASE)")
    binary = os.path.abspath(args.binary)
    # The fronts, replicas and balancers keep the usual priority; the crowd (crowd.py, run below) raises its own.
    work = tempfile.mkdtemp(prefix="openmarket-fronts-")
    processes = []
    layout = {}

    start = starter(work, processes)

    try:
        start_layout(args, binary, database, work, start, layout)
        hosts, replicas, market, fronts = layout["hosts"], layout["replicas"], layout["market"], layout["fronts"]
        # `ip netns exec` execs the front: the pid is the front's.
        haproxy_port = free_port()
        servers = "\n".join(f"  server front{i} {address}:2222 send-proxy check inter 1s fall 2 rise 2"
                            for i, address in enumerate(hosts.addresses))
        # HAProxy wants two descriptors a connection (and this machine's hard limit may be 20,000).
        maxconn = min(20000, resource.getrlimit(resource.RLIMIT_NOFILE)[1] // 2 - 100)
        open(os.path.join(work, "haproxy.cfg"), "w").write(f"""global
  maxconn {maxconn}
defaults
  mode tcp
  timeout connect 2s
  timeout client 10m
  timeout server 10m
  retries 3
  option redispatch
frontend ssh
  bind 127.0.0.1:{haproxy_port}
  default_backend fronts
backend fronts
  balance leastconn
{servers}
""")
        haproxy, haproxy_log = start(["haproxy", "-db", "-f", os.path.join(work, "haproxy.cfg")], "haproxy")
        time.sleep(3)  # health checks up
        if haproxy.poll() is not None:
            sys.exit(f"fronts: haproxy stopped: {open(haproxy_log).read()[-2000:]}")

        report = os.path.join(work, "crowd.json")
        command = [sys.executable, os.path.join(HERE, "crowd.py"), "--host", "127.0.0.1", "--port", str(haproxy_port),
                   "--visitors", str(args.visitors), "--rate", str(args.rate), "--stay", str(args.stay),
                   "--key-every", str(args.key_every), "--first-page-timeout", str(args.first_page_timeout), "--reconnect",
                   "--json", report]
        for process, _ in fronts:
            command += ["--front-pid", str(process.pid)]
        killed = {}

        def kill():
            time.sleep(args.kill_at)
            victim = fronts[0][0]
            killed["sessions_before"] = [len(crowdlib.browsers(p.pid)) for p, _ in fronts]
            killed["at_s"] = args.kill_at
            victim.send_signal(signal.SIGKILL if args.kill_signal == "KILL" else signal.SIGTERM)
        killer = threading.Thread(target=kill, daemon=True) if args.kill_at > 0 else None

        # Price edits of random demo products, as the demo vendor (replica a printed its credentials).
        served = open(replicas[0][1]).read()
        identifier = re.search(r"identifier ([0-9a-f-]{36})", served).group(1)
        secret = re.search(r"secret +(\S+)", served).group(1)
        writing = threading.Event()
        edits = {}

        def write():
            rng = random.Random(7)
            next_at = time.monotonic()
            while not writing.is_set():
                body = json.dumps({"price": rng.randrange(1000, 90000), "secret": secret}).encode()
                request = urllib.request.Request(f"{market}/api/products/{rng.randrange(1, 133)}", data=body, method="PATCH",
                                                 headers={"identifier": identifier, "Content-Type": "application/json"})
                try:
                    status = urllib.request.urlopen(request, timeout=10).status
                except urllib.error.HTTPError as error:
                    status = error.code
                except OSError:
                    status = "error"
                edits[status] = edits.get(status, 0) + 1
                next_at += 1 / args.writes
                time.sleep(max(0, next_at - time.monotonic()))
        writer = threading.Thread(target=write, daemon=True) if args.writes > 0 else None
        scraped = [metrics(port) for _, _, port in replicas]

        crowd = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        if killer:
            killer.start()
        if writer:
            writer.start()
        output = crowd.communicate()[0]
        writing.set()
        replica_result = replica_figures(scraped, [metrics(port) for _, _, port in replicas])
        replica_result["writes"] = edits
        print(output, end="")
        result = json.load(open(report))
        result["fronts"] = args.fronts
        result["killed"] = dict(killed, signal=args.kill_signal) if killed else None
        result["replicas"] = replica_result
        r = replica_result
        print(f"  replicas: answer cache hit rate {r['hit_rate']} ({r['cache_hits']} hits, {r['cache_misses']} misses); "
              f"lists {r['list_requests']} p50 ≤ {r['list_p50_ms_at_most']} ms p99 ≤ {r['list_p99_ms_at_most']} ms; "
              f"details {r['detail_requests']} p99 ≤ {r['detail_p99_ms_at_most']} ms; edits {edits or 'none'}")
        if killed:
            print(f"  front0 killed ({args.kill_signal}) at {args.kill_at:.0f} s; sessions per front then: {killed['sessions_before']}")
        if args.json:
            json.dump(result, open(args.json, "w"), indent=1)
        return 0
    finally:
        stop_layout(processes, work, layout)


if __name__ == "__main__":
    sys.exit(main())
