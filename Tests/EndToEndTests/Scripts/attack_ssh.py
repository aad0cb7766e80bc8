"""Attacks on `openmarket ssh` as a visitor would make them, with AsyncSSH, for the attack suite
(Tests/EndToEndTests/AttackEndToEndTests.swift). Each prints one JSON object and exits 0; the test judges it.

    attack_ssh.py channels PORT        two pty sessions on one connection (what ssh -o ControlMaster does)
    attack_ssh.py address PORT N       N connections from one address, a pty session each
    attack_ssh.py forged PORT          a user name and a TERM carrying a newline, a forged log line and escapes
    attack_ssh.py burn PORT            one visitor presses keys as fast as it can until its session ends, while a
                                       second, quiet visitor stays; then the quiet one presses a key
    attack_ssh.py cell PORT W H SECONDS   a terminal that answers the probe with sixel and a cell of W×H pixels, then
                                       shows the grid, a product and its picture on the whole window, for SECONDS
"""
import asyncio, json, sys

import asyncssh
import asyncssh.connection

# A client may send any user name; AsyncSSH's own check (SASLprep) would refuse a newline before sending it.
asyncssh.connection.saslprep = lambda name: name


async def connect(port, username="visitor", local=None):
    """A keyless visitor (the password method, with an empty password, as --open takes any)."""
    return await asyncssh.connect("127.0.0.1", port, username=username, known_hosts=None, client_keys=None,
                                  agent_path=None, password="", preferred_auth="password",
                                  local_addr=(local, 0) if local else None)


async def session(connection, term="xterm-256color", seconds=20.0, until="products"):
    """Opens a pty session and reads until `until` shows (or it closes); returns (text, exit status or None)."""
    process = await connection.create_process(term_type=term, term_size=(80, 24), encoding=None)
    text = b""
    deadline = asyncio.get_running_loop().time() + seconds
    while until.encode() not in text:
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            break
        try:
            chunk = await asyncio.wait_for(process.stdout.read(65536), left)
        except asyncio.TimeoutError:
            break
        if not chunk:
            break
        text += chunk
    status = process.exit_status if process.is_closing() else None
    return process, text.decode("utf-8", "replace"), status


async def channels(port):
    connection = await connect(port)
    first, first_text, _ = await session(connection)
    second, second_text, _ = await session(connection, until="\n")
    await asyncio.sleep(0.5)
    result = {"first_shows_products": "products" in first_text, "second": second_text.strip(),
              "second_status": second.exit_status, "first_still_open": not first.is_closing()}
    first.close()
    connection.close()
    print(json.dumps(result))


async def address(port, count):
    connections, shown, last, statuses = [], 0, "", []
    for _ in range(count):
        connection = await connect(port)
        connections.append(connection)
        process, text, _ = await session(connection, until="products")
        shown += "products" in text
        if "products" not in text:
            await asyncio.sleep(0.5)
        last = text.strip()[-200:]
        statuses.append(process.exit_status)
    print(json.dumps({"shown": shown, "last": last, "last_status": statuses[-1]}))
    for connection in connections:
        connection.close()


async def forged(port):
    connection = await connect(port, username="admin\nssh session start user=root key=SHA256:forged address=10.0.0.1")
    process, text, _ = await session(connection, term="xterm\x1b]0;owned\x07\x1b[2J")
    print(json.dumps({"shown": "products" in text or len(text) > 0}))
    process.close()
    connection.close()


async def cell(port, width, height, seconds):
    connection = await connect(port)
    process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    received, answered = b"", False
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    keys = [(2.0, b"v"), (6.0, b"\r"), (9.0, b"z")]
    started = loop.time()
    while loop.time() < end:
        try:
            chunk = await asyncio.wait_for(process.stdout.read(65536), 0.25)
        except asyncio.TimeoutError:
            chunk = b""
        if chunk == b"" and process.is_closing():
            break
        received += chunk
        if not answered and b"\x1b[c" in received:
            # Sixel (a 4 in the device attributes) and a cell of W×H pixels: what a hostile terminal claims.
            process.stdin.write(f"\x1b[6;{height};{width}t\x1b[?62;4;22c".encode())
            answered = True
        while keys and loop.time() - started >= keys[0][0]:
            process.stdin.write(keys.pop(0)[1])
    print(json.dumps({"answered": answered, "bytes": len(received), "sixel": received.count(b"\x1bP"),
                      "closed": process.is_closing(), "tail": received[-300:].decode("utf-8", "replace")}))
    process.close()
    connection.close()


async def burn(port):
    quiet_connection = await connect(port)
    quiet, quiet_text, _ = await session(quiet_connection)
    connection = await connect(port)
    busy, text, _ = await session(connection)
    loop = asyncio.get_running_loop()
    end = loop.time() + 300
    received = text.encode()
    while not busy.is_closing() and loop.time() < end:
        busy.stdin.write(b"jjjjjjjjjjkkkkkkkkkkvv" * 5)
        try:
            chunk = await asyncio.wait_for(busy.stdout.read(1 << 20), 0.02)
        except asyncio.TimeoutError:
            continue
        if not chunk:
            break
        received += chunk
    try:
        rest = await asyncio.wait_for(busy.stdout.read(1 << 20), 5)
        received += rest
    except asyncio.TimeoutError:
        pass
    await asyncio.sleep(0.5)
    # The quiet visitor: still there, and a key still moves its screen.
    alive = not quiet.is_closing()
    quiet.stdin.write(b"j")
    moved = False
    try:
        moved = len(await asyncio.wait_for(quiet.stdout.read(65536), 30)) > 0
    except asyncio.TimeoutError:
        pass
    print(json.dumps({"quiet_first_page": "products" in quiet_text, "quiet_alive": alive, "quiet_moved": moved,
                      "busy_closed": busy.is_closing(), "busy_status": busy.exit_status,
                      "busy_tail": received[-400:].decode("utf-8", "replace")}))
    quiet.close()
    connection.close()
    quiet_connection.close()


async def main():
    mode, port = sys.argv[1], int(sys.argv[2])
    if mode == "channels":
        await channels(port)
    elif mode == "address":
        await address(port, int(sys.argv[3]))
    elif mode == "forged":
        await forged(port)
    elif mode == "burn":
        await burn(port)
    elif mode == "cell":
        await cell(port, int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))


asyncio.run(main())
