"""A course-API market whose text is hostile: a currency code, a vendor name and a product name carrying escape
sequences (a title change, a screen clear) and a newline, for the attack suite's products-CLI test.

    hostile_market.py      (prints the port it listens on, then serves)
"""
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOSTILE = "\x1b]0;owned\x07\x1b[2J"


def product(i):
    return {"id": i, "vendor_id": 1, "vendorName": "vendor" + HOSTILE, "name": f"Hostile {i}" + HOSTILE,
            "description": "line one\nline two" + HOSTILE, "thumbnail": "", "currency": "KRW" + HOSTILE, "price": 1000,
            "bargain_price": 1000, "discounted_price": 0, "stock": 3, "created_at": "2022-11-15T00:00:00",
            "issued_at": "2022-11-15T00:00:00"}


class Market(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith("/api/products/"):
            body = dict(product(1), images=[], vendors={"id": 1, "name": "vendor" + HOSTILE})
        else:
            body = {"pageNo": 1, "itemsPerPage": 20, "totalCount": 1, "offset": 0, "limit": 20, "lastPage": 1,
                    "hasNext": False, "hasPrev": False, "pages": [product(1)]}
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Market)
print(server.server_address[1], flush=True)
server.serve_forever()
