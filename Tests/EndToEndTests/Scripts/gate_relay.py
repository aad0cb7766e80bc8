"""A TCP relay to a market that lets through the first COUNT requests beginning with PREFIX and holds the next one:
it is never sent on, "held" is printed, and the client's connection ends once the market's does. For the
end-to-end test of an import whose market dies midway: the point where it dies is the relay's, not the
scheduler's.

    gate_relay.py MARKET_PORT PREFIX COUNT      (prints the port it listens on, then relays)

A request begins at a connection's first bytes and at the first bytes the client sends after the market has
answered something; a request's body sent after `100 Continue` does not begin with PREFIX, so it is not counted.
"""
import socket, sys, threading

TARGET = int(sys.argv[1])
PREFIX = sys.argv[2].encode()
COUNT = int(sys.argv[3])
lock = threading.Lock()
seen = 0


def close(*sockets):
    for s in sockets:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def relay(client):
    global seen
    try:
        market = socket.create_connection(("127.0.0.1", TARGET))
    except OSError:
        close(client)
        return
    answered = threading.Event()
    answered.set()

    def back():
        try:
            while data := market.recv(65536):
                answered.set()
                client.sendall(data)
        except OSError:
            pass
        close(client, market)

    threading.Thread(target=back, daemon=True).start()
    pending, held = None, False  # pending: a request's first bytes, until they say whether it is held
    try:
        while data := client.recv(65536):
            if held:
                continue
            if answered.is_set():
                answered.clear()
                pending = b""
            if pending is not None:
                pending += data
                if len(pending) < len(PREFIX) and b"\n" not in pending:
                    continue
                if pending.startswith(PREFIX):
                    with lock:
                        seen += 1
                        held = seen > COUNT
                    if held:
                        print("held", flush=True)
                        continue
                data, pending = pending, None
            market.sendall(data)
    except OSError:
        pass
    if not held:
        close(client, market)


listen = socket.socket()
listen.bind(("127.0.0.1", 0))
listen.listen(64)
print(listen.getsockname()[1], flush=True)
while True:
    connection, _ = listen.accept()
    threading.Thread(target=relay, args=(connection,), daemon=True).start()
