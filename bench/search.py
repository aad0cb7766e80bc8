#!/usr/bin/env python3
"""Search like a shop (issue 34), release build, `openmarket serve` on loopback:

- relevance on the labelled set (Tests/Relevance/demo-catalog.tsv) over the demo catalog: the share of
  expected products in the first 5 results, for the server's search and for the substring search it replaced
  (SQLite's instr over the same rows, newest first, as the server searched before);
- search as you type on 100,000 generated products (half Korean) added to the demo catalog: the server's
  latency per query (HTTP on loopback, one keep-alive connection) for 1-3 word queries with typos and words
  being typed, p50 and p99, on SQLite and (with OPENMARKET_TEST_DATABASE) PostgreSQL; beside it, in the same
  run and alternating rounds, the same queries as the substring search (instr / strpos: count and page) and as
  SQLite FTS5 with the trigram tokenizer ranked by bm25 (count and page), both timed in this process (no HTTP),
  and the HTTP floor (a cached page 1);
- the index's build at start-up (the server's notice) and its size, FTS5's build and size on disk;
- bad queries (the longest allowed, of many words, of Hangul, of marks): the slowest answer;
- with PostgreSQL, two replicas: how long an edit through one takes to be found by a search on the other.

Usage: python3 bench/search.py [--products N] [--queries N] [--rounds N]
"""
import argparse
import http.client
import json
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("BIN", os.path.join(ROOT, ".build/release/openmarket"))
DATABASE = os.environ.get("OPENMARKET_TEST_DATABASE")

EN_ADJECTIVES = """vintage classic handmade ceramic organic wireless compact smart retro cozy minimal nordic
everyday premium studio travel junior light sturdy pocket fresh farm homemade portable silent golden silver
wooden leather canvas bamboo marble velvet linen woolen rustic modern elegant tiny giant""".split()
EN_NOUNS = """teapot mug kettle spoon bowl plate skillet whisk knife cutting-board headphones speaker camera
laptop keyboard mouse monitor charger flashlight lantern tent backpack sleeping-bag compass binoculars
guitar violin piano drum ukulele harmonica yo-yo kite puzzle chess-set notebook pencil fountain-pen
ledger stapler scissors sunglasses loafers sneakers scarf gloves jacket raincoat umbrella wallet handbag
watch bracelet necklace ring candle vase mirror lamp clock blanket pillow cushion rug basket teddy-bear
skateboard bicycle helmet basketball football racket dumbbell yoga-mat microscope telescope radio""".split()
KO_ADJECTIVES = """빈티지 클래식 수제 도자기 유기농 무선 미니 스마트 레트로 포근한 미니멀 북유럽 데일리 프리미엄
스튜디오 여행용 주니어 가벼운 튼튼한 포켓 신선한 농장 원목 가죽 대나무 대리석 벨벳 리넨 모던 우아한""".split()
KO_NOUNS = """찻주전자 머그컵 주전자 숟가락 그릇 접시 프라이팬 거품기 칼 도마 헤드폰 스피커 카메라 노트북
키보드 마우스 모니터 충전기 손전등 랜턴 텐트 배낭 침낭 나침반 쌍안경 기타 바이올린 피아노 드럼
우쿨렐레 하모니카 요요 연 퍼즐 체스 공책 연필 만년필 장부 스테이플러 가위 선글라스 로퍼 운동화
목도리 장갑 재킷 우비 우산 지갑 핸드백 시계 팔찌 목걸이 반지 향초 화병 거울 조명 담요 베개 쿠션
러그 바구니 곰인형 스케이트보드 자전거 헬멧 농구공 축구공 라켓 아령 요가매트 현미경 망원경 라디오
등산화 보조배터리 여행가방""".split()
EN_SENTENCES = [
    "Well made, and it lasts for years.", "Barely used; comes with the original box.",
    "Ships within two business days from Seoul.", "It was a gift and has never left its wrapping.",
    "Light scratches on the back, otherwise in great shape.", "Perfect for a small apartment or a busy office.",
    "Colours may look slightly different on your screen.", "Limited run: when it is gone, it is gone.",
    "Includes a one-year warranty and free returns within 14 days.", "A % that makes every day a little better.",
    "This % was made in a small workshop by hand.", "Our best-selling % this season.",
]
KO_SENTENCES = [
    "오래 쓸 수 있는 튼튼한 %입니다.", "거의 사용하지 않았고 박스까지 모두 있습니다.",
    "서울에서 영업일 기준 이틀 안에 발송해 드립니다.", "선물 받은 %인데 포장도 뜯지 않았어요.",
    "뒷면에 작은 흠집이 있지만 상태는 아주 좋습니다.", "작은 방이나 사무실에 두기 딱 좋은 크기예요.",
    "화면에 따라 색상이 조금 다르게 보일 수 있습니다.", "한정 수량으로 준비했습니다.",
    "1년 무상 보증과 14일 이내 무료 반품이 가능합니다.", "이번 시즌 가장 많이 팔린 %입니다.",
]
VOWELS_EN = "aeiou"
CONSONANTS_EN = "bcdfghklmnprstvz"


def brand(rng, korean):
    """A made-up maker's name: the catalog's words beyond the shelf's."""
    if korean:
        return "".join(chr(0xAC00 + rng.randrange(19) * 588 + rng.randrange(21) * 28 + rng.choice([0, 0, 4, 8, 16, 21]))
                       for _ in range(rng.choice([2, 2, 3])))
    word = "".join(rng.choice(CONSONANTS_EN) + rng.choice(VOWELS_EN) for _ in range(rng.choice([2, 3, 3, 4])))
    return word.capitalize()


def generate(count, seed=34):
    """`count` products, half Korean: (name, description, currency, price, discounted, stock)."""
    rng = random.Random(seed)
    brands = {False: [brand(rng, False) for _ in range(3000)], True: [brand(rng, True) for _ in range(3000)]}
    for index in range(count):
        korean = index % 2 == 1
        adjectives, nouns = (KO_ADJECTIVES, KO_NOUNS) if korean else (EN_ADJECTIVES, EN_NOUNS)
        noun = rng.choice(nouns)
        shown_noun = noun if korean else noun.replace("-", " ").title().replace(" ", rng.choice([" ", "-", " "]))
        parts = [rng.choice(brands[korean]), rng.choice(adjectives).title() if not korean else rng.choice(adjectives), shown_noun]
        if rng.random() < 0.3:
            parts.append(rng.choice(["X", "S", "Pro ", "Mk"]).strip() + str(rng.randrange(2, 900)))
        if rng.random() < 0.1:
            parts.append("세트" if korean else "Set")
        sentences = KO_SENTENCES if korean else EN_SENTENCES
        plain = noun if korean else noun.replace("-", " ")
        description = " ".join(rng.choice(sentences).replace("%", plain) for _ in range(rng.randrange(2, 6)))
        usd = rng.random() < 0.35
        price = rng.randrange(5, 500) * (1 if usd else 1300)
        discounted = price * rng.randrange(5, 50) // 100 if rng.random() < 0.3 else 0
        stock = 0 if rng.random() < 0.15 else rng.randrange(1, 500)
        yield " ".join(parts), description, "USD" if usd else "KRW", price, discounted, stock


def hangul_typo(word, rng):
    """One wrong vowel in one syllable."""
    syllables = [i for i, c in enumerate(word) if 0xAC00 <= ord(c) <= 0xD7A3]
    if not syllables:
        return word
    i = rng.choice(syllables)
    code = ord(word[i]) - 0xAC00
    initial, vowel, final = code // 588, (code % 588) // 28, code % 28
    vowel = (vowel + rng.randrange(1, 21)) % 21
    return word[:i] + chr(0xAC00 + initial * 588 + vowel * 28 + final) + word[i + 1:]


def latin_typo(word, rng):
    """One edit: a letter dropped, doubled, replaced or two swapped."""
    if len(word) < 5:
        return word
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        return word[:i] + word[i + 1:]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    if kind == 2:
        return word[:i] + rng.choice("abcdefghijklmnopqrstuvwxyz") + word[i + 1:]
    return word[:i - 1] + word[i] + word[i - 1] + word[i + 1:]


def queries(names, count, seed=7):
    """Queries a shopper types: 1-3 words of a product's name, one with a typo half the time, the last one
    being typed (cut short) a third of the time; half of them Korean."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        korean = i % 2 == 1
        while True:
            name = rng.choice(names)
            if any(0xAC00 <= ord(c) <= 0xD7A3 for c in name) == korean:
                break
        words = [w for w in re.split(r"[\s\-]+", name) if w and not re.match(r"^(X|S|Pro|Mk)?\d+$", w)]
        take = min(len(words), rng.choice([1, 2, 2, 3]))
        start = rng.randrange(len(words) - take + 1)
        chosen = [w.lower() for w in words[start:start + take]]
        if rng.random() < 0.5:
            j = rng.randrange(len(chosen))
            chosen[j] = hangul_typo(chosen[j], rng) if korean else latin_typo(chosen[j], rng)
        text = " ".join(chosen)
        if rng.random() < 0.33 and len(chosen[-1]) > (1 if korean else 3):
            text = text[: len(text) - rng.randrange(1, 3)]
        if text.strip():
            out.append(text)
    return out


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Server:
    """`openmarket serve` on a free port; its notices read from standard error."""

    def __init__(self, data, extra=()):
        self.log = open(os.path.join(data, "serve.log"), "w+")
        self.process = subprocess.Popen(
            [BIN, "serve", "--port", "0", "--data-dir", data, "--log-level", "notice", *extra],
            stdout=self.log, stderr=subprocess.STDOUT, env={**os.environ, "OPENMARKET_CONFIG": ""})
        deadline = time.time() + 300
        while time.time() < deadline:
            text = open(self.log.name).read()
            match = re.search(r"on http://127\.0\.0\.1:(\d+)", text)
            if match and "Stop with Ctrl-C" in text:
                self.port = int(match.group(1))
                self.identifier = re.search(r"identifier ([0-9a-f-]{36})", text).group(1)
                self.secret = re.search(r"secret +(\S+)", text).group(1)
                self.text = text
                break
            if self.process.poll() is not None:
                sys.exit("openmarket serve exited:\n" + text)
            time.sleep(0.1)
        else:
            sys.exit("openmarket serve did not start")
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port)

    def wait_for_pictures(self, seconds=300):
        """Until the demo pictures are drawn (the first start draws them in the background, on both cores)."""
        deadline = time.time() + seconds
        while time.time() < deadline and not re.search(r"made \d+ demo pictures", open(self.log.name).read()):
            time.sleep(0.5)

    def get(self, path):
        self.connection.request("GET", path)
        response = self.connection.getresponse()
        return response.status, response.read()

    def send(self, method, path, body, headers):
        connection = http.client.HTTPConnection("127.0.0.1", self.port)
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()

    def search(self, query, per_page=20, extra=""):
        path = f"/api/products?page_no=1&items_per_page={per_page}&search_value={urllib.parse.quote(query)}{extra}"
        return self.get(path)

    def index_notice(self):
        # The notice goes through the batched log sink: it may follow the start's lines by a moment.
        for _ in range(50):
            if "indexed" in open(self.log.name).read():
                break
            time.sleep(0.1)
        self.text = open(self.log.name).read()
        match = re.search(r"indexed (\d+) products for search \((\d+) words, about (\d+) MiB\) in ([\d.]+ ?\w+)", self.text)
        return match.groups() if match else ("?", "?", "?", "?")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def relevance(server, database):
    """Recall in the first 5 over the labelled set: the server's search, and the substring search over the
    same rows (newest first)."""
    lines = []
    for line in open(os.path.join(ROOT, "Tests/Relevance/demo-catalog.tsv"), encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        kind, query, expected = (line.rstrip("\n").split("\t") + [""])[:3]
        lines.append((kind, query, [e.strip() for e in expected.split("|") if e.strip()]))
    db = sqlite3.connect(database)

    def recall(names, total, expected):
        if not expected:
            return 1.0 if total == 0 else 0.0
        return len(set(names[:5]) & set(expected)) / min(5, len(expected))

    ours, substring, by_kind = [], [], {}
    for kind, query, expected in lines:
        status, body = server.search(query, per_page=5)
        page = json.loads(body)
        names = [p["name"] for p in page["pages"]]
        ours.append(recall(names, page["totalCount"], expected))
        rows = db.execute("SELECT name FROM product WHERE instr(search_text, ?) > 0 ORDER BY id DESC", (query.lower(),)).fetchall()
        substring.append(recall([r[0] for r in rows], len(rows), expected))
        by_kind.setdefault(kind, [[], []])
        by_kind[kind][0].append(ours[-1])
        by_kind[kind][1].append(substring[-1])
    print(f"\n### Relevance: recall in the first 5, {len(lines)} labelled queries over the demo catalog\n")
    print("| kind | queries | openmarket's search | substring (before) |\n|---|---|---|---|")
    for kind, (a, b) in by_kind.items():
        print(f"| {kind} | {len(a)} | {statistics.mean(a):.2f} | {statistics.mean(b):.2f} |")
    print(f"| **all** | {len(lines)} | **{statistics.mean(ours):.3f}** ({sum(1 for r in ours if r == 1)} fully right) "
          f"| **{statistics.mean(substring):.3f}** ({sum(1 for r in substring if r == 1)} fully right) |")


def insert_sqlite(database, products):
    db = sqlite3.connect(database)
    stamp = "2026-11-27T00:00:00Z"
    db.executemany(
        "INSERT INTO product (vendor_id, name, description, search_text, currency, price, discounted_price, stock, created_at, issued_at) "
        "VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ((n, d, (n + "\n" + d).lower(), c, str(p), str(dp), s, stamp, stamp) for n, d, c, p, dp, s in products))
    db.commit()
    db.close()


def insert_postgres(products):
    def field(text):  # COPY's text format
        return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
    copy = "".join(
        "\t".join(map(field, ["1", n, d, (n + "\n" + d).lower(), c, str(p), str(dp), str(s), "2026-11-27T00:00:00Z",
                              "2026-11-27T00:00:00Z"])) + "\n"
        for n, d, c, p, dp, s in products)
    subprocess.run(
        ["psql", DATABASE, "-q", "-c",
         "COPY product (vendor_id, name, description, search_text, currency, price, discounted_price, stock, created_at, issued_at) FROM STDIN"],
        input=copy, text=True, check=True, stdout=subprocess.DEVNULL)


def psql_timings(statements):
    """Each statement's time (ms) in one psql session, by \\timing."""
    script = "\\timing on\n" + "\n".join(statements) + "\n"
    out = subprocess.run(["psql", DATABASE, "-q", "-X", "-o", "/dev/null"], input=script, text=True,
                         capture_output=True, check=True).stdout
    return [float(t) for t in re.findall(r"Time: ([\d.]+) ms", out)]


def fts_build(source, target):
    started = time.perf_counter()
    db = sqlite3.connect(target)
    db.execute("CREATE VIRTUAL TABLE fts USING fts5(name, description, tokenize='trigram')")
    src = sqlite3.connect(source)
    db.executemany("INSERT INTO fts (rowid, name, description) VALUES (?, ?, ?)",
                   src.execute("SELECT id, name, description FROM product"))
    db.commit()
    return db, time.perf_counter() - started, os.path.getsize(target)


def fts_query(text):
    words = [w for w in re.split(r"[^\w]+", text.lower()) if len(w) >= 3]
    return " AND ".join('"' + w.replace('"', '""') + '"' for w in words) or None


def measure(server, database, texts, rounds, label, store):
    """Alternating rounds: the server's search over HTTP, the substring search and FTS5 in this process."""
    ours, floor, substring, fts = [], [], [], []
    sqlite_db = sqlite3.connect(database) if database else None
    fts_db = None
    if database:
        fts_db, fts_seconds, fts_bytes = fts_build(database, database + ".fts")
        print(f"\nFTS5 (trigram) over the same rows: built in {fts_seconds:.1f} s, {fts_bytes / 1048576:.0f} MiB on disk")
    for r in range(rounds):
        for text in texts:
            started = time.perf_counter()
            status, body = server.search(text, per_page=20 + r)  # another page size per round: never cached
            ours.append((time.perf_counter() - started) * 1000)
            assert status == 200, (text, status, body[:200])
        for _ in range(200):
            started = time.perf_counter()
            server.get("/api/products?page_no=1&items_per_page=20")
            floor.append((time.perf_counter() - started) * 1000)
        if sqlite_db:
            for text in texts:
                started = time.perf_counter()
                needle = text.lower()
                sqlite_db.execute("SELECT count(*) FROM product WHERE instr(search_text, ?) > 0", (needle,)).fetchone()
                sqlite_db.execute("SELECT id, name, description, price FROM product WHERE instr(search_text, ?) > 0 "
                                  "ORDER BY id DESC LIMIT 20", (needle,)).fetchall()
                substring.append((time.perf_counter() - started) * 1000)
            for text in texts:
                query = fts_query(text)
                started = time.perf_counter()
                if query:
                    fts_db.execute("SELECT count(*) FROM fts WHERE fts MATCH ?", (query,)).fetchone()
                    fts_db.execute("SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY bm25(fts, 10.0, 1.0) LIMIT 20",
                                   (query,)).fetchall()
                fts.append((time.perf_counter() - started) * 1000)
        elif DATABASE:
            statements = []
            for text in texts:
                needle = text.lower().replace("'", "''")
                statements.append(f"SELECT count(*) FROM product WHERE strpos(search_text, '{needle}') > 0;")
                statements.append(f"SELECT id, name FROM product WHERE strpos(search_text, '{needle}') > 0 ORDER BY id DESC LIMIT 20;")
            times = psql_timings(statements)
            substring += [times[i] + times[i + 1] for i in range(0, len(times) - 1, 2)]
    rows = [(f"openmarket's search ({store}, HTTP)", ours), ("HTTP floor: a cached page 1", floor)]
    if substring:
        rows.append((f"substring, instr/strpos ({store}, in process)", substring))
    if fts:
        rows.append(("SQLite FTS5 trigram + bm25 (in process)", fts))
    print(f"\n### {label}\n")
    print("| search | queries | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|")
    for name, values in rows:
        print(f"| {name} | {len(values)} | {statistics.median(values):.2f} | {percentile(values, 99):.2f} | {max(values):.2f} |")


def hostile(server):
    """The slowest of the bad queries, each three times."""
    cases = {
        "200 random letters": "".join(random.Random(1).choice("abcdefghij") for _ in range(200)),
        "100 one-letter words": " ".join("abcdefghij"[i % 10] for i in range(100)),
        "16 long words with typos": " ".join(["skateboarrd"] * 16),
        "200 Hangul syllables": "".join(chr(0xAC00 + (i * 997) % 11172) for i in range(200)),
        "choseong x 200": "ㄱ" * 200,
        "marks only": "!@#$%^&*()" * 20,
    }
    print("\n### Bad queries (each 3 times; status, slowest ms)\n")
    print("| query | status | slowest ms |\n|---|---|---|")
    for name, text in cases.items():
        worst, status = 0, 0
        for r in range(3):
            started = time.perf_counter()
            status, _ = server.search(text, per_page=20 + r)
            worst = max(worst, (time.perf_counter() - started) * 1000)
        print(f"| {name} | {status} | {worst:.1f} |")
    started = time.perf_counter()
    status, _ = server.get("/api/products?search_value=" + "a" * 1000)
    print(f"| 1,000 characters | {status} | {(time.perf_counter() - started) * 1000:.1f} |")


def replica_lag(url, work, samples=20):
    """Two replicas: an edit through a, searched for on b until found."""
    for name in ("ra", "rb"):
        os.makedirs(os.path.join(work, name))
    a = Server(os.path.join(work, "ra"), ["--database", url, "--replica-id", "a"])
    b = Server(os.path.join(work, "rb"), ["--database", url, "--replica-id", "b"])
    status, body = a.get("/api/products?page_no=1&items_per_page=1")
    product = json.loads(body)["pages"][0]["id"]
    lags = []
    warm_up = None
    for i in range(-1, samples):
        word = "zq" + "".join(random.Random(i + 100).choice("bcdfghjklmnpqrstvwxz") for _ in range(6))
        body = json.dumps({"name": f"Edited {word}", "secret": a.secret})
        started = time.perf_counter()
        status, reply = a.send("PATCH", f"/api/products/{product}", body, {"identifier": a.identifier, "Content-Type": "application/json"})
        assert status == 200, reply
        while True:
            status, found = b.search(word)
            if json.loads(found)["totalCount"] > 0:
                break
            if time.perf_counter() - started > (120 if i < 0 else 30):
                break
        if i < 0:
            # Right after the start: the replicas are still building their indexes again once they hear the
            # feed (an edit made before b listens is found when that build is done).
            warm_up = (time.perf_counter() - started) * 1000
        else:
            lags.append((time.perf_counter() - started) * 1000)
    a.stop()
    b.stop()
    print(f"\n### An edit through replica a found by a search on replica b ({samples} edits, 100,000+ products)\n")
    print(f"median {statistics.median(lags):.1f} ms, slowest {max(lags):.1f} ms (PATCH included); the first edit, "
          f"made as both had just started: {warm_up:.0f} ms")


def sqlite_part(products, texts, rounds, work):
    """The relevance set over the demo catalog, then the generated products added: start-up, search, bad queries."""
    data = os.path.join(work, "sqlite")
    os.makedirs(data)
    server = Server(data)
    server.wait_for_pictures()
    database = os.path.join(data, "openmarket.sqlite")
    relevance(server, database)
    server.stop()
    insert_sqlite(database, products)
    server = Server(data)
    count, words, mib, took = server.index_notice()
    print(f"\nSQLite, start-up: indexed {count} products ({words} words, about {mib} MiB in memory) in {took}")
    measure(server, database, texts, rounds, f"Search as you type, {count} products, SQLite", "SQLite")
    hostile(server)
    server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--products", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--parts", default="sqlite,postgres", help="which stores: sqlite, postgres or both")
    args = parser.parse_args()
    print(f"# search: {args.products:,} generated products, {args.queries} queries, {args.rounds} rounds")
    print(f"# {time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())}, {os.cpu_count()} cores, load {open('/proc/loadavg').read().split()[:3]}")
    work = tempfile.mkdtemp(prefix="openmarket-search.")
    try:
        products = list(generate(args.products))
        texts = queries([p[0] for p in products], args.queries)
        parts = args.parts.split(",")
        if "sqlite" in parts:
            sqlite_part(products, texts, args.rounds, work)
        if DATABASE and "postgres" in parts:
            data = os.path.join(work, "pg")
            os.makedirs(data)
            server = Server(data, ["--database", DATABASE])
            server.wait_for_pictures()
            server.stop()
            insert_postgres(products)
            server = Server(data, ["--database", DATABASE])
            count, words, mib, took = server.index_notice()
            print(f"\nPostgreSQL, start-up: indexed {count} products ({words} words, about {mib} MiB in memory) in {took}")
            measure(server, None, texts, args.rounds, f"Search as you type, {count} products, PostgreSQL", "PostgreSQL")
            server.stop()
            replica_lag(DATABASE, work)
        else:
            print("\n(PostgreSQL skipped: run under scripts/test-postgres.sh run)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
