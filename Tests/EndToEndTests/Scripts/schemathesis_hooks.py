"""schemathesis hooks for the conformance test: most write bodies carry the vendor's real secret (and most
registrations a real picture and a product the rules admit), so that the answers of writes that succeed —
201, 200 and the delete path — are checked against the document too, not only the refusals a random secret
gets. Which bodies are changed follows from the body itself, so a run replays with its seed.
"""
import json, os, struct, zlib

import schemathesis

SECRET = os.environ["OPENMARKET_TEST_SECRET"]


def png(width: int, height: int) -> bytes:
    """A grey PNG: its chunks written here, each with its CRC."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\x80\x80\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


PICTURE = png(4, 3)


def chosen(body) -> bool:
    """Four bodies of five, by the body's own bytes."""
    return zlib.crc32(repr(body).encode()) % 5 != 0


@schemathesis.hook
def map_body(context, body):
    if not isinstance(body, dict) or not chosen(body):
        return body
    if "params" in body and "images" in body:
        product = {"name": "Hooked Kettle", "description": "Registered by schemathesis with a real secret.", "price": 1200,
                   "currency": "KRW", "discounted_price": 0, "stock": 2, "secret": SECRET}
        return dict(body, params=json.dumps(product), images=[PICTURE])
    if "secret" in body:
        return dict(body, secret=SECRET)
    return body
