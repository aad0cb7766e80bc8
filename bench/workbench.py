#!/usr/bin/env python3
"""The seller's workbench (issue 35), release build, each figure beside its peer in the same run:

  - `products import` of N products (default 1,000) with one picture each on the embedded market: wall time and
    peak memory, against N `products add` calls on another embedded market (a process each, as a shell loop
    registers a shop); and the `--dry-run` of the same file;
  - a 20% price cut on 500 marked products from the browser under tmux: seconds from the confirming key to
    the summary, and how often the status line's count moved;
  - `products export --all --no-pictures` of 100,000 products: wall time and peak memory, against
    `products list --all --jsonl` of the same market, which reads the same pages; and once with the pictures
    column (a detail request a product).

Usage: python3 bench/workbench.py [BIN] [--rows N] [--export-products N] [--rounds R]
"""
import argparse
import os
import shutil
import sqlite3
import struct
import subprocess
import tempfile
import time
import zlib


def png(width, height, seed):
    """A small PNG whose pixels differ by `seed` (so that no two pictures are one file)."""
    rows = b"".join(
        b"\x00" + bytes(b for x in range(width) for b in ((x * 3 + seed) % 256, (y * 5 + seed * 7) % 256, (seed * 13) % 256))
        for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def peak_of(command, env, stdout=subprocess.DEVNULL):
    """Runs `command` under /usr/bin/time to read its own peak RSS (MiB) and wall time."""
    timed = ["/usr/bin/time", "-f", "%e %M"] + command
    process = subprocess.run(timed, env=env, stdout=stdout, stderr=subprocess.PIPE)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])}… exited {process.returncode}: {process.stderr.decode()[-2000:]}")
    seconds, kilobytes = process.stderr.decode().strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024, process.stdout


def bulk_cut(binary, env, work, count):
    """A 20% price cut of `count` marked products from the browser under tmux, against `openmarket serve`:
    seconds from the `y` that confirms it to the summary, and the longest time the status line's count stood
    still meanwhile (sampled every 50 ms)."""
    data = os.path.join(work, "bulk-data")
    port = "18338"
    server = subprocess.Popen([binary, "serve", "--port", port, "--data-dir", data, "--log-level", "warning"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    socket = "om-bench-bulk"
    tmux = ["tmux", "-L", socket]
    try:
        for line in server.stdout:
            if b"Stop with Ctrl-C" in line:
                break
        base = "http://127.0.0.1:" + port
        added = subprocess.run([binary, "vendor", "add", "Bulk Seller", "--data-dir", data], env=env, capture_output=True, text=True).stdout
        identifier = added.split("identifier", 1)[1].split()[0]
        secret = added.split("secret", 1)[1].split()[0]
        with open(os.path.join(work, "p.png"), "wb") as picture:
            picture.write(png(40, 30, 1))
        shop = os.path.join(work, "bulk.csv")
        with open(shop, "w") as out:
            out.write("name,description,price,currency,stock,pictures\n")
            for i in range(count):
                out.write(f"Bulkcut Kettle {i},A kettle for the bulk change benchmark.,10000,KRW,{i % 9},p.png\n")
        who = ["--server", base, "--identifier", identifier, "--secret", secret]
        subprocess.run([binary, "products", "import", shop] + who, env=env, check=True, capture_output=True)
        command = (f"env OPENMARKET_CONFIG= OPENMARKET_CHOICES= XDG_CONFIG_HOME={work}/config LANG=C.UTF-8 TERM=tmux-256color "
                   f"{binary} --layout list --pictures off " + " ".join(who))
        subprocess.run(tmux + ["-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", command], check=True)

        def screen():
            return subprocess.run(tmux + ["capture-pane", "-p", "-t", "0"], capture_output=True, text=True).stdout

        def keys(*names, literal=False):
            subprocess.run(tmux + ["send-keys", "-t", "0"] + (["-l"] if literal else []) + list(names), check=True)

        def wait(text, timeout=60):
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                shown = screen()
                if text in shown:
                    return shown
                time.sleep(0.05)
            raise SystemExit(f"the browser never showed {text!r}:\n{screen()}")

        wait("products")
        keys("/")
        keys("Bulkcut", literal=True)
        keys("Enter")
        wait("Bulkcut Kettle")
        keys("Space")
        wait("1 marked")
        for _ in range(count // 20 + 5):
            if f"{count} of {count}  ·" in screen():
                break
            keys("G")
            time.sleep(0.2)
        keys("V")
        wait(f"{count} marked")
        keys("b")
        keys("1")
        keys(" -20", literal=True)
        keys("Enter")
        wait("[ Yes ]")
        start = time.monotonic()
        keys("y")
        last_text, last_change, longest, seen = None, start, 0.0, 0
        while True:
            shown = screen()
            now = time.monotonic()
            if f"Changed {count} products" in shown:
                longest = max(longest, now - last_change)
                break
            status = [line for line in shown.splitlines() if f" of {count}…" in line]
            text = status[0].strip() if status else None
            if text != last_text:
                longest = max(longest, now - last_change)
                last_text, last_change = text, now
                seen += 1
            if now - start > 120:
                raise SystemExit("the bulk change did not finish in 120 s")
            time.sleep(0.05)
        return now - start, longest, seen
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        server.terminate()
        server.wait()


def report_bulk(binary, env, work, count):
    seconds, still, counts = bulk_cut(binary, env, work, count)
    print(f"## A 20% price cut on {count} marked products from the browser (tmux, `openmarket serve` on loopback)")
    print()
    print(f"From the `y` that confirms it to “Changed {count} products.”: **{seconds:.2f} s** (goal ≤ 10 s); the status line's")
    print(f"count changed {counts} times, and stood still at most {still:.2f} s (goal: at least once a second).")


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin", nargs="?", default=".build/release/openmarket")
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--export-products", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bulk", type=int, default=500)
    parser.add_argument("--only-bulk", action="store_true", help="only the price cut from the browser")
    options = parser.parse_args()
    binary = os.path.abspath(options.bin)
    work = tempfile.mkdtemp(prefix="openmarket-workbench.")
    env = dict(os.environ, OPENMARKET_CONFIG="", XDG_CONFIG_HOME=os.path.join(work, "config"), LANG="C.UTF-8")
    env.pop("OPENMARKET_IDENTIFIER", None)
    env.pop("OPENMARKET_SECRET", None)
    try:
        if options.only_bulk:
            load = open("/proc/loadavg").read().split()[0]
            print(f"# openmarket bulk change — {time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())} — {os.cpu_count()} cores, load {load}")
            print()
            report_bulk(binary, env, work, options.bulk)
            return
        pictures = os.path.join(work, "pictures")
        os.makedirs(pictures)
        shop = os.path.join(work, "shop.csv")
        with open(shop, "w", encoding="utf-8", newline="") as out:
            out.write("name,description,price,discounted_price,currency,stock,pictures\r\n")
            for i in range(options.rows):
                name = f"pic{i}.png"
                with open(os.path.join(pictures, name), "wb") as picture:
                    picture.write(png(64, 48, i))
                out.write(f'"Bench teapot {i}","Imported by bench/workbench.py, row {i}.",{12000 + i},500,KRW,{i % 7},pictures/{name}\r\n')
        load = open("/proc/loadavg").read().split()[0]
        print(f"# openmarket seller's workbench — {time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())} — {os.cpu_count()} cores, load {load}")
        print()

        # The dry run first (the market as it will be imported into), then the import, then the same file again.
        data = os.path.join(work, "import-data")
        dry, dry_peak, _ = peak_of([binary, "products", "import", shop, "--dry-run", "--data-dir", data], env)
        imported, import_peak, _ = peak_of([binary, "products", "import", shop, "--data-dir", data], env)
        again, _, _ = peak_of([binary, "products", "import", shop, "--data-dir", data], env)

        # The peer: a process a product, as a shell loop over the same rows registers them.
        data_add = os.path.join(work, "add-data")
        start = time.monotonic()
        add_peak = 0
        for i in range(options.rows):
            _, peak, _ = peak_of(
                [binary, "products", "add", "--name", f"Bench teapot {i}", "--description", f"Imported by bench/workbench.py, row {i}.",
                 "--price", str(12000 + i), "--discount", "500", "--stock", str(i % 7), "--picture", os.path.join(pictures, f"pic{i}.png"),
                 "--data-dir", data_add, "--json"], env)
            add_peak = max(add_peak, peak)
        adds = time.monotonic() - start

        print(f"## Import of {options.rows:,} products with a picture each, embedded market")
        print()
        print("| what | wall s | peak RSS MiB |")
        print("|---|---|---|")
        print(f"| `products import` | {imported:.2f} | {import_peak:.0f} |")
        print(f"| {options.rows:,} × `products add` (the peer) | {adds:.2f} | {add_peak:.0f} (each) |")
        print(f"| `products import --dry-run`, the same file | {dry:.2f} | {dry_peak:.0f} |")
        print(f"| `products import`, the same file again (all unchanged) | {again:.2f} | |")
        print()
        print(f"Import against the peer: **{adds / imported:.1f}×** faster (goal ≥ 5×); dry run {dry:.2f} s (goal ≤ 2 s).")
        print()

        # 100,000 products: the demo market's rows copied while no market runs.
        big = os.path.join(work, "big-data")
        peak_of([binary, "products", "list", "--per-page", "1", "--data-dir", big, "--json"], env)
        database = sqlite3.connect(os.path.join(big, "openmarket.sqlite"))
        columns = [row[1] for row in database.execute("PRAGMA table_info(product)") if row[1] != "id"]
        have = database.execute("SELECT count(*) FROM product").fetchone()[0]
        while have < options.export_products:
            take = min(have, options.export_products - have)
            names = ", ".join(columns)
            database.execute(f"INSERT INTO product ({names}) SELECT {names} FROM product ORDER BY id LIMIT {take}")
            have += take
        database.commit()
        database.close()
        served = [binary, "serve", "--port", "18337", "--data-dir", big, "--log-level", "warning"]
        server = subprocess.Popen(served, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            for line in server.stdout:
                if b"Stop with Ctrl-C" in line:
                    break
            base = "http://127.0.0.1:18337"
            exports, export_peaks, lists, list_peaks, out_sizes = [], [], [], [], []
            for _ in range(options.rounds):
                target = os.path.join(work, "export.csv")
                seconds, peak, _ = peak_of([binary, "products", "export", "--all", "--no-pictures", "--server", base, "-o", target], env)
                exports.append(seconds)
                export_peaks.append(peak)
                out_sizes.append(os.path.getsize(target))
                seconds, peak, _ = peak_of([binary, "products", "list", "--all", "--per-page", "100", "--jsonl", "--server", base], env)
                lists.append(seconds)
                list_peaks.append(peak)
            pictured, pictured_peak, _ = peak_of(
                [binary, "products", "export", "--all", "--server", base, "-o", os.path.join(work, "export-pictures.csv")], env)
        finally:
            server.terminate()
            server.wait()
        print(f"## Export of {options.export_products:,} products (`openmarket serve` on loopback, SQLite), median of {options.rounds}")
        print()
        print("| what | wall s | peak RSS MiB |")
        print("|---|---|---|")
        print(f"| `products export --all --no-pictures` (CSV, {median(out_sizes) / 1048576:.0f} MiB) | {median(exports):.2f} | {median(export_peaks):.0f} |")
        print(f"| `products list --all --jsonl` (the peer: the same pages) | {median(lists):.2f} | {median(list_peaks):.0f} |")
        print(f"| `products export --all` with the pictures column (a detail request a product, 8 at once), once | {pictured:.2f} | {pictured_peak:.0f} |")
        print()
        report_bulk(binary, env, work, options.bulk)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
