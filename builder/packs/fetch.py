"""Downloads of packs and indexes (SPEC §8), with the standard library only.

A download is refused, and nothing of it kept, when the address is not http or https
(redirects included: ``file:``, ``ftp:`` and the like are never followed), when it is larger
than :data:`MAX_DOWNLOAD` (by its declared length, or as it streams), when its size or SHA-256
differ from what the index says, or after :data:`STALL_SECONDS` without a byte arriving.
"""

from __future__ import annotations

import hashlib
import http.client
import ipaddress
import socket
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin, urlsplit

from builder import __version__
from builder.i18n import _
from builder.plumbing.terminal_text import escape

MiB = 1024 * 1024
MAX_DOWNLOAD = 50 * MiB
STALL_SECONDS = 30.0
SCHEMES = ("http", "https")
_CHUNK = 64 * 1024

Progress = Callable[[int, int | None], None]
"""Told (bytes received, bytes expected or None) as a download goes."""


class FetchError(Exception):
    """A download refused or failed; the message names the address and says why."""


class Cancelled(Exception):
    """The user stopped it."""


def is_address(text: str) -> bool:
    return urlsplit(text).scheme.lower() in SCHEMES and "://" in text


def _refuse_scheme(url: str, origin: str | None = None) -> None:
    scheme = urlsplit(url).scheme.lower()
    if scheme not in SCHEMES:
        if origin is None:
            raise FetchError(_("{url}: only http and https addresses can be downloaded").format(
                url=escape(url)))
        raise FetchError(_("{origin} redirects to {url}: only http and https addresses are "
                           "followed").format(origin=escape(origin), url=escape(url)))


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Follows a redirect only to http or https (urllib itself would follow ``ftp:``)."""

    def http_error_302(self, req: Any, fp: Any, code: int, msg: str, headers: Any) -> Any:
        target = headers.get("location") or headers.get("uri") or ""
        _refuse_scheme(urljoin(req.full_url, target), req.full_url)
        return super().http_error_302(req, fp, code, msg, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


def _loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _opener(url: str) -> urllib.request.OpenerDirector:
    """http and https only: no file, ftp or data handlers at all. Proxies from the
    environment are used, except for this machine's own addresses."""
    proxies = urllib.request.ProxyHandler({} if _loopback(url) else None)
    opener = urllib.request.OpenerDirector()
    for handler in (proxies, urllib.request.HTTPHandler(), urllib.request.HTTPSHandler(),
                    urllib.request.HTTPDefaultErrorHandler(), _Redirects(),
                    urllib.request.HTTPErrorProcessor()):
        opener.add_handler(handler)
    return opener


class Download:
    """One download; :meth:`cancel` (from another thread) stops it at the next chunk."""

    def __init__(self, url: str, *, limit: int = MAX_DOWNLOAD, size: int | None = None,
                 sha256: str | None = None, stall: float = STALL_SECONDS,
                 progress: Progress | None = None) -> None:
        self.url = url
        self.limit = limit
        self.size = size
        self.sha256 = sha256
        self.stall = stall
        self.progress = progress
        self._cancelled = False
        self._response: Any = None

    def cancel(self) -> None:
        self._cancelled = True
        response = self._response
        if response is not None:  # wake a read waiting on the network
            try:
                response.fp.raw._sock.shutdown(socket.SHUT_RDWR)
            except (AttributeError, OSError):
                pass

    def _check_cancelled(self) -> None:
        if self._cancelled:
            raise Cancelled()

    def run(self) -> bytes:
        """The bytes at the address, checked; :class:`FetchError` or :class:`Cancelled`."""
        url = self.url
        _refuse_scheme(url)
        if self.size is not None and self.size > self.limit:
            raise self._too_large(self.size)
        request = urllib.request.Request(url, headers={
            "User-Agent": f"spherewars/{__version__}", "Accept-Encoding": "identity"})
        self._check_cancelled()
        try:
            with _opener(url).open(request, timeout=self.stall) as response:
                self._response = response
                return self._read(response)
        except (FetchError, Cancelled):
            raise
        except urllib.error.HTTPError as exc:
            raise FetchError(_("{url}: the server answered {status} {reason}").format(
                url=escape(url), status=exc.code, reason=escape(str(exc.reason)))) from None
        except http.client.HTTPException as exc:  # a broken answer (also met while reading)
            self._check_cancelled()
            raise FetchError(_("{url}: cannot download: {problem}").format(
                url=escape(url), problem=_malformed(exc))) from None
        except TimeoutError:
            self._check_cancelled()
            raise FetchError(_("{url}: nothing arrived for {seconds} s; stopped").format(
                url=escape(url), seconds=_seconds(self.stall))) from None
        except (urllib.error.URLError, OSError, ValueError) as exc:
            self._check_cancelled()
            reason = getattr(exc, "reason", None) or exc
            raise FetchError(_("{url}: cannot download: {problem}").format(
                url=escape(url), problem=escape(str(reason)))) from None
        finally:
            self._response = None

    def _read(self, response: Any) -> bytes:
        length = response.headers.get("Content-Length")
        declared = int(length) if length and length.isdigit() else None
        if declared is not None:
            if declared > self.limit:
                raise self._too_large(declared)
            if self.size is not None and declared != self.size:
                raise self._wrong_size(declared)
        expected = self.size if self.size is not None else declared
        chunks: list[bytes] = []
        got = 0
        digest = hashlib.sha256()
        if self.progress:
            self.progress(0, expected)
        while True:
            self._check_cancelled()
            chunk = response.read1(_CHUNK)
            if not chunk:
                break
            got += len(chunk)
            if got > self.limit:
                raise self._too_large(got)
            if self.size is not None and got > self.size:
                raise self._wrong_size(got, more=True)
            digest.update(chunk)
            chunks.append(chunk)
            if self.progress:
                self.progress(got, expected)
        self._check_cancelled()
        if declared is not None and got < declared:  # the connection closed early
            raise FetchError(_("{url}: cannot download: {problem}").format(
                url=escape(self.url), problem=_malformed(http.client.IncompleteRead(b""))))
        if self.size is not None and got != self.size:
            raise self._wrong_size(got)
        if self.sha256 is not None and digest.hexdigest() != self.sha256:
            raise FetchError(_("{url}: its SHA-256 is {got}, the index says {expected}: the "
                               "file was changed or damaged; nothing installed").format(
                                   url=escape(self.url), got=digest.hexdigest(),
                                   expected=self.sha256))
        return b"".join(chunks)

    def _too_large(self, size: int) -> FetchError:
        return FetchError(_("{url}: larger than {limit} MiB ({size} bytes); refusing to "
                            "download it").format(url=escape(self.url),
                                                  limit=self.limit // MiB, size=size))

    def _wrong_size(self, size: int, *, more: bool = False) -> FetchError:
        if more:
            return FetchError(_("{url}: more than the {expected} bytes the index says; "
                                "nothing installed").format(url=escape(self.url),
                                                            expected=self.size))
        return FetchError(_("{url}: {size} bytes, the index says {expected}; nothing "
                            "installed").format(url=escape(self.url), size=size,
                                                expected=self.size))


def _malformed(exc: http.client.HTTPException) -> str:
    """What is wrong with a server's answer, in our words (never the server's own text: a
    status line may be 64 KiB of anything)."""
    if isinstance(exc, http.client.RemoteDisconnected):
        return _("the server closed the connection without answering")
    if isinstance(exc, http.client.IncompleteRead):
        return _("the answer ended before all of it arrived")
    if isinstance(exc, http.client.LineTooLong):
        return _("a line of the answer is too long")
    if isinstance(exc, http.client.BadStatusLine):
        return _("the answer does not start as an HTTP answer does")
    return _("the answer is not valid HTTP")


def _seconds(value: float) -> str:
    return f"{value:g}"


def fetch(url: str, **options: Any) -> bytes:
    return Download(url, **options).run()


__all__ = ["Cancelled", "Download", "FetchError", "MAX_DOWNLOAD", "STALL_SECONDS", "fetch",
           "is_address"]
