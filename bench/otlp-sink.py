#!/usr/bin/env python3
"""A stand-in OTLP/HTTP collector for bench/proxy-comparison.sh TRACING=1: takes every POST to
/v1/traces on 127.0.0.1, reads the body, answers 200 with an empty protobuf, and keeps the count of
requests and bytes in the file named by its second argument. Not a collector: it decodes nothing."""
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(sys.argv[1])
COUNTS = sys.argv[2]
received = {"posts": 0, "bytes": 0}
counting = threading.Lock()


class Sink(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        self.rfile.read(length)
        with counting:
            received["posts"] += 1
            received["bytes"] += length
            with open(COUNTS, "w") as out:
                out.write(f"{received['posts']} {received['bytes']}\n")
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", PORT), Sink).serve_forever()
