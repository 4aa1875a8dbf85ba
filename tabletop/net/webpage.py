"""The browser seat's page and card images, served on the host's own port by plain HTTP.

The page is static HTML, CSS and JavaScript shipped in the package (``tabletop/net/page``): no
build step, no framework. ``websockets`` answers plain HTTP requests before a WebSocket's handshake
(``process_request``), so the host serves the page itself, with no second server and no new
dependency: the page's files are revalidated on each load (an ``ETag``), card images are named by
content hash and cached by the browser for good (``immutable``). A link to a seat is the page's
address with the seat's code after ``#``: a fragment never leaves the browser, so the code is not
in any request, log or referrer.

>>> path_of("/art/" + "ab" * 32 + "?x=1")
'/art/abababababababababababababababababababababababababababababababab'
>>> is_page_file("main.js"), is_page_file("../secret.js"), is_page_file("webpage.py")
(True, False, False)
"""

from __future__ import annotations

import asyncio
import email.utils
import hashlib
import http
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Protocol

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from tabletop.engine.cards import Card

PAGE = Path(__file__).resolve().with_name("page")
"""The folder of the page's files."""
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8"}
ART_PATH = re.compile(r"/art/([0-9a-f]{64})")
"""A card image's address: its content hash."""
FOREVER = "public, max-age=31536000, immutable"
"""A card image never changes under its hash: the browser keeps it."""
FONT_TYPES = {".otf": "font/otf", ".ttf": "font/ttf", ".woff2": "font/woff2"}


class CardImages(Protocol):
    """The images a browser seat is shown: the one place that says which picture a card has."""

    def url(self, card: Card | None) -> str | None:
        """Return the address of ``card``'s picture (None: the back), or None when it has none (a face is drawn)."""

    def image(self, key: str) -> tuple[bytes, str] | None:
        """Return the picture named ``key`` (its bytes and media type), or None when no card has it."""

    def refresh(self, files: bool = True) -> bool:
        """Look at the pictures again (``files``: the art folder changed; else only what the pictures are made of
        besides art, such as a faces file); return whether any card's picture changed."""


def link(scheme: str, host: str, port: int, code: str) -> str:
    """Return the link a tester opens to take the seat of ``code`` (``http://HOST:PORT/#CODE``)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}/#{code}"


def path_of(target: str) -> str:
    """Return the path of a request's target (its query left out)."""
    return target.split("?", 1)[0].split("#", 1)[0]


def is_page_file(name: str) -> bool:
    """True for the name of one of the page's own files (no folder, a known kind)."""
    return re.fullmatch(r"[a-z][a-z0-9_-]*\.(html|css|js)", name) is not None and (PAGE / name).is_file()


@cache
def page_file(name: str) -> tuple[bytes, str]:
    """Return one of the page's files and its ETag (read once: the package does not change while it runs)."""
    data = (PAGE / name).read_bytes()
    return data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


async def respond(connection: ServerConnection, request: Request, images: CardImages | None,
                  fonts: Mapping[str, Path] | None = None) -> Response:
    """Return the answer to a plain HTTP request: a file of the page, a card image, a font, or 404.

    ``fonts`` are the fonts the page may use by name (``/fonts/NAME``): the table's own, so Japanese
    shows on a machine whose browser has no font for it.
    """
    path = path_of(request.path)
    name = "index.html" if path in ("/", "/index.html") else path.lstrip("/")
    if "/" not in name and is_page_file(name):
        data, etag = page_file(name)
        headers = [("Cache-Control", "no-cache"), ("ETag", etag), *_page_headers(request)]
        if request.headers.get("If-None-Match") == etag:
            return _response(304, b"", "", headers)
        return _response(200, data, TYPES[Path(name).suffix], headers)
    art = ART_PATH.fullmatch(path)
    if art is not None and images is not None:
        found = await asyncio.to_thread(images.image, art.group(1))
        if found is not None:
            data, kind = found
            return _response(200, data, kind, [("Cache-Control", FOREVER), ("X-Content-Type-Options", "nosniff")])
    font = (fonts or {}).get(path.removeprefix("/fonts/")) if path.startswith("/fonts/") else None
    if font is not None and font.suffix in FONT_TYPES:
        data, etag = await asyncio.to_thread(read_font, font)
        if request.headers.get("If-None-Match") == etag:
            return _response(304, b"", "", [("ETag", etag)])
        return _response(200, data, FONT_TYPES[font.suffix], [("Cache-Control", "public, max-age=604800"),
                                                              ("ETag", etag)])
    return connection.respond(404, "not here: open the link the host gave you\n")


@cache
def read_font(path: Path) -> tuple[bytes, str]:
    """Return a font file and its ETag (read once)."""
    data = path.read_bytes()
    return data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


def _page_headers(request: Request) -> list[tuple[str, str]]:
    """The page's own rules: its scripts, styles and images from this host only, its socket to this host."""
    host = request.headers.get("Host", "")
    origin = host if re.fullmatch(r"[A-Za-z0-9.\-:\[\]]{1,300}", host) else ""
    sockets = f" ws://{origin} wss://{origin}" if origin else ""
    policy = (f"default-src 'self'; img-src 'self' data:; connect-src 'self'{sockets}; style-src 'self';"
              " script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return [("Content-Security-Policy", policy), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer")]


def _response(status: int, body: bytes, kind: str, extra: list[tuple[str, str]]) -> Response:
    phrase = http.HTTPStatus(status).phrase
    headers = Headers([("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"),
                       ("Content-Length", str(len(body))), *([("Content-Type", kind)] if kind else []), *extra])
    return Response(status, phrase, headers, body)
