"""TLS: a host serving with its own certificate is joined by a joiner that trusts it, and refused by one that does not."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.net.client import Connection, JoinError, client_tls
from tabletop.net.host import server_tls
from tests.net.remote_helpers import hosting, join_bot


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (as a host would make for itself) and its key."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "host.pem", folder / "host.key"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_a_joiner_trusting_the_hosts_certificate_plays_over_tls(certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    with hosting("trick-taking", ["remote", "random", "random"], 2, options={"deals": "1"},
                 tls=server_tls(str(cert), str(key))) as hosted:
        address = hosted.address
        assert address.tls and address.url.startswith("wss://")
        with pytest.raises(JoinError, match="TLS failed"):
            Connection(address, hosted.host.codes[0], mode="bot").open()  # the system does not know this certificate
        with pytest.raises(JoinError, match="could not join"):
            Connection(replace(address, tls=False), hosted.host.codes[0], mode="bot").open()  # no TLS at all
        joined = join_bot(address, hosted.host.codes[0], tls=client_tls(cert))
        assert hosted.serve().outcome == "over"
        assert joined.wait().outcome == "over"


def test_a_browser_seat_over_tls_gets_its_page_and_socket_encrypted(certificate: tuple[Path, Path]) -> None:
    import http.client

    from tests.net.web_helpers import WebSeat

    cert, key = certificate
    with hosting("trick-taking", ["web", "random", "random"], 2, options={"deals": "1"},
                 tls=server_tls(str(cert), str(key))) as hosted:
        link = hosted.host.link(0)
        assert link.startswith("https://127.0.0.1:")
        trusted = client_tls(cert)
        page = http.client.HTTPSConnection(hosted.address.host, hosted.address.port, context=trusted, timeout=30)
        page.request("GET", "/")
        answer = page.getresponse()
        assert answer.status == 200 and b"main.js" in answer.read()
        seat = WebSeat(hosted.address, hosted.host.codes[0], ssl=trusted)
        assert seat.next("welcome")["seat"] == 0
        seat.close()
