"""schemathesis hooks for the conformance test: most JSON write bodies (an edit, a delete's token) carry the
vendor's real secret, so that the answers of writes that succeed are checked against the document too, not
only the refusals a random secret gets; and each answer's operation and status is written down, so the test
can see that some did succeed. Which bodies are changed follows from the body itself, so a run replays with
its seed. (Registrations keep their generated pictures: bytes in a body break schemathesis's stateful
phase, which writes bodies out as JSON.) Likewise most wish-list owners are one the market's front issued
(a made-up owner is refused with 403, and the answers of lists kept are checked too).

An edit that succeeds needs the vendor's own product, the real secret and a body every rule accepts; left to
chance, a run on PostgreSQL reached none three times in five (2026-11-27). So one edit case in three, chosen
by its own text as above, becomes a plain change of stock of the vendor's own product
(OPENMARKET_TEST_OWN_PRODUCT): edits must succeed every run; the rest stay as generated.
"""
import os, zlib

import schemathesis

SECRET = os.environ["OPENMARKET_TEST_SECRET"]
ANSWERS = os.environ.get("OPENMARKET_TEST_ANSWERS")
OWNER = os.environ.get("OPENMARKET_TEST_OWNER")
OWN_PRODUCT = os.environ.get("OPENMARKET_TEST_OWN_PRODUCT")


def chosen(body) -> bool:
    """Four bodies of five, by the body's own text."""
    return zlib.crc32(repr(body).encode()) % 5 != 0


def plain(value) -> bool:
    """One value of three, by its own text (not the same choice as `chosen`'s four of five)."""
    return zlib.crc32(b"plain" + repr(value).encode()) % 3 == 0


def edit(context) -> bool:
    """Whether the case is an edit of a product (PATCH /api/products/{id})."""
    operation = getattr(context, "operation", None)
    return operation is not None and operation.method.upper() == "PATCH" and operation.path == "/api/products/{id}"


@schemathesis.hook
def map_case(context, case):
    if OWN_PRODUCT and edit(context) and plain((case.path_parameters, case.body)):
        case.path_parameters = dict(case.path_parameters or {}, id=int(OWN_PRODUCT))
        case.body = {"secret": SECRET, "stock": 7}
    return case


@schemathesis.hook
def map_body(context, body):
    if isinstance(body, dict) and "secret" in body and chosen(body):
        return dict(body, secret=SECRET)
    return body


@schemathesis.hook
def map_path_parameters(context, path_parameters):
    if OWNER and isinstance(path_parameters, dict) and "owner" in path_parameters and chosen(path_parameters):
        return dict(path_parameters, owner=OWNER)
    return path_parameters


@schemathesis.hook
def after_call(context, case, response):
    if ANSWERS:
        with open(ANSWERS, "a") as answers:
            answers.write(f"{case.operation.method.upper()} {case.operation.path} {response.status_code}\n")
