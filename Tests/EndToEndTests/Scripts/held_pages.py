"""A course-API market of four products in two pages whose second page waits until a file exists, for the
end-to-end test that `products list --all --jsonl` writes each page as it arrives.

    held_pages.py RELEASE_FILE      (prints the port it listens on, then serves)
"""
import json, os, sys, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

RELEASE = sys.argv[1]


def product(i):
    return {"id": i, "vendor_id": 1, "vendorName": "held", "name": f"Held {i}", "description": "A product of a held page.",
            "thumbnail": "", "currency": "KRW", "price": 1000, "bargain_price": 1000, "discounted_price": 0, "stock": 3,
            "created_at": "2022-11-15T00:00:00", "issued_at": "2022-11-15T00:00:00"}


class Pages(BaseHTTPRequestHandler):
    def do_GET(self):
        number = int(parse_qs(urlparse(self.path).query).get("page_no", ["1"])[0])
        if number >= 2:
            while not os.path.exists(RELEASE):
                time.sleep(0.02)
        ids = [4, 3] if number == 1 else [2, 1]
        body = json.dumps({"pageNo": number, "itemsPerPage": 2, "totalCount": 4, "offset": (number - 1) * 2, "limit": number * 2,
                           "lastPage": 2, "hasNext": number < 2, "hasPrev": number > 1, "pages": [product(i) for i in ids]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Pages)
print(server.server_address[1], flush=True)
server.serve_forever()
