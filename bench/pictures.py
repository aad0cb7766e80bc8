#!/usr/bin/env python3
"""Bytes on the wire with pictures as half blocks (256 colours, true colour), sixel and kitty (issue 15).

Runs the browser on a pseudo-terminal of 100x30 cells, answers its in-band questions as xterm -ti vt340
(6x13 px cells; blocks and sixel) or kitty (9x20 px cells) answer them (recorded), and counts what it writes:
the first paint of the grid, then per key while moving down the grid (j) and the list (v, then j), and
opening a product's detail. Usage: bench/pictures.py [BINARY]
"""
import fcntl, os, pty, select, statistics, struct, sys, tempfile, termios, time

# Every browser from the defaults: no settings file, no choices remembered from an earlier run.
os.environ.setdefault("OPENMARKET_CONFIG", "")
os.environ["OPENMARKET_CHOICES"] = ""

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/openmarket"
XTERM = (b"\x1bP>|XTerm(379)\x1b\\\x1b[?1;0;1024S\x1b[?2;0;600;390S\x1bP1$r0;38:2::1:2:3m\x1b\\"
         b"\x1b[?63;1;2;4;6;9;15;16;22;28c")
# Recorded from kitty 0.26.5 (its cell: 9x20 px).
KITTY = (b"\x1b_Gi=31;OK\x1b\\\x1bP>|kitty(0.26.5)\x1b\\\x1b[6;20;9t\x1b[4;600;900t\x1b[8;30;100t"
         b"\x1bP1$r38:2:1:2:3m\x1b\\\x1b[?62;c")


def run(mode, data, answer=XTERM, pixels=(604, 394), colors="auto"):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", OPENMARKET_PICTURES=mode, OPENMARKET_COLORS=colors)
        os.environ.pop("NO_COLOR", None)
        os.execv(BINARY, [BINARY, "--data-dir", data])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, *pixels))
    out = bytearray()

    def read_for(seconds, quiet=None):
        """Reads for `seconds`, or until nothing came for `quiet` seconds; returns the bytes."""
        got = bytearray()
        end = time.time() + seconds
        last = time.time()
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                got += chunk
                last = time.time()
                if b"\x1b[c" in chunk:
                    os.write(fd, answer)
            elif quiet and got and time.time() - last > quiet:
                break
        return got

    first = read_for(15, quiet=2.0)
    per_key = {}
    for name, keys in (("grid j", "j" * 8), ("list j", "v" + "j" * 8)):
        sizes = []
        for key in keys:
            os.write(fd, key.encode())
            got = read_for(2, quiet=0.4)
            if key == "j":
                sizes.append(len(got))
        per_key[name] = sizes
    os.write(fd, b"\r")
    detail = read_for(6, quiet=1.0)
    os.write(fd, b"\x03")
    read_for(2, quiet=0.5)
    os.waitpid(pid, 0)
    memory = "–"
    try:
        lines = [l for l in open(os.path.join(data, "openmarket.log"), errors="replace") if "pictures kept in memory" in l]
        if lines:
            memory = lines[-1].split("pictures kept in memory: ", 1)[1].strip()
    except OSError:
        pass
    return len(first), per_key, len(detail), memory


def main():
    print(f"# bench/pictures.py {BINARY}: 100x30 cells; blocks and sixel as in xterm -ti vt340 (6x13 px cells), kitty as in kitty (9x20); bytes the browser writes")
    print("| pictures | first paint (grid) | per j in the grid: median (max) | per j in the list: median (max) | opening a detail |")
    print("|---|---|---|---|---|")
    memories = []
    with tempfile.TemporaryDirectory() as data:
        run("blocks", data)  # the first start seeds the catalog and makes the pictures: not measured
        for label, mode, colors, answer, pixels in (
            ("blocks, 256 colours", "blocks", "256", XTERM, (604, 394)),
            ("blocks, true colour", "blocks", "auto", XTERM, (604, 394)),
            ("sixel", "sixel", "auto", XTERM, (604, 394)),
            ("kitty", "kitty", "auto", KITTY, (900, 600)),
        ):
            first, per_key, detail, memory = run(mode, data, answer, pixels, colors)
            memories.append((label, memory))
            cells = []
            for name in ("grid j", "list j"):
                sizes = per_key[name]
                cells.append(f"{statistics.median(sizes):,.0f} ({max(sizes):,})")
            print(f"| {label} | {first:,} | {cells[0]} | {cells[1]} | {detail:,} |")
    print()
    print("Picture caches at exit (after the grid, 8 keys, the list, 8 keys and a detail):")
    for label, memory in memories:
        print(f"- {label}: {memory}")


main()
