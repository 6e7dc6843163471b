"""Static files for a phone on a busy Wi-Fi: compressed once, cached for good, found at once.

* Every file under static/ is read once (on the first request, or at the server's start)
  and kept in memory with its gzip form where that is smaller (level 9; the bundles'
  source maps, which only a developer's tools read, level 6). No build step: Python's
  own gzip does it.
* Pages link them under `/assets/<version>/<path>`, where the version is a hash of the
  content of every static file. Such a URL never changes content, so it is served with
  `Cache-Control: public, max-age=31536000, immutable`: a phone that opened the page
  once reloads it without asking for any of its files again. A new version (any static
  file changed) is a new URL for all of them. Relative imports between modules stay
  inside the same version. The plain `/static/<path>` URLs still work, revalidated on
  every use (`no-cache` with an ETag).
* The pages' bundles are static files too (static/bundles/, made by esbuild: `make
  bundle`); companion/bundle.py reads their metafile for the `modulepreload` hints.
* A page's answer names its head's files in a `Link` header (the style sheets as
  `rel=preload; as=style`, the bundle as `rel=modulepreload`; `head_file`), so that the
  browser asks for them as soon as the answer's headers come in, not once the page is
  committed and parsed that far.
* HTML and JSON answers of the pages are gzipped too (`compress`), when the browser
  accepts it and they are big enough to gain. Nothing secret is in a compressed page:
  seat tokens travel in URL fragments and redirects, host secrets in cookies.
"""
from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
import threading
from dataclasses import dataclass

from flask import Flask, Response, abort, g, request, url_for
from markupsafe import Markup, escape

IMMUTABLE = "public, max-age=31536000, immutable"
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
MIN_GZIP = 512                  # bytes: below this gzip gains nothing over the headers
# gzip's level for what phones download: 9, the fewest bytes on a busy Wi-Fi. A bundle's
# source map is read by a developer's tools alone and is most of static/'s bytes: at 6 the
# server's start compresses them in a fifth of the time, 3.5 % larger (docs/benchmarks.md)
GZIP_LEVEL, GZIP_LEVEL_MAP = 9, 6


@dataclass(frozen=True)
class Asset:
    body: bytes
    gz: bytes | None
    mimetype: str
    etag: str


class Assets:
    """The static folder's files and their version."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._files: dict[str, Asset] | None = None
        self._version = ""
        self._lock = threading.Lock()

    def _load(self) -> dict[str, Asset]:
        with self._lock:
            if self._files is None:
                files, digest = {}, hashlib.sha256()
                for dirpath, dirnames, filenames in os.walk(self.folder):
                    dirnames.sort()
                    for name in sorted(filenames):
                        path = os.path.join(dirpath, name)
                        rel = os.path.relpath(path, self.folder).replace(os.sep, "/")
                        with open(path, "rb") as f:
                            body = f.read()
                        files[rel] = make_asset(rel, body)
                        digest.update(rel.encode() + b"\0" + body + b"\0")
                self._version = digest.hexdigest()[:12]
                self._files = files
            return self._files

    @property
    def version(self) -> str:
        self._load()
        return self._version

    def get(self, rel: str) -> Asset | None:
        return self._load().get(rel)

    def url(self, rel: str) -> str:
        return f"/assets/{self.version}/{rel}"


def make_asset(rel: str, body: bytes) -> Asset:
    mimetype = mimetypes.guess_type(rel)[0] or "application/octet-stream"
    if rel.endswith((".js", ".mjs")):
        mimetype = "text/javascript"
    elif rel.endswith(".map"):                    # a bundle's source map
        mimetype = "application/json"
    gz = None
    if mimetype.startswith(COMPRESSIBLE) and len(body) >= MIN_GZIP:
        level = GZIP_LEVEL_MAP if rel.endswith(".map") else GZIP_LEVEL
        packed = gzip.compress(body, level, mtime=0)
        gz = packed if len(packed) < len(body) else None
    etag = hashlib.sha256(body).hexdigest()[:16]
    return Asset(body, gz, mimetype, etag)


def accepts_gzip() -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()


def send(asset: Asset, cache: str) -> Response:
    """One static file: 304 when the browser has it, gzip when it takes it."""
    etag = f'"{asset.etag}"'
    if etag in request.headers.get("If-None-Match", ""):
        resp = Response(status=304)
    elif asset.gz is not None and accepts_gzip():
        resp = Response(asset.gz, mimetype=asset.mimetype)
        resp.headers["Content-Encoding"] = "gzip"
    else:
        resp = Response(asset.body, mimetype=asset.mimetype)
    resp.headers["ETag"] = etag
    resp.headers["Cache-Control"] = cache
    if asset.gz is not None:
        resp.headers["Vary"] = "Accept-Encoding"
    return resp


def head_file(url: str, rel: str) -> str:
    """`url`, kept for the page's `Link` header with `rel` (`rel=preload; as=style`,
    `rel=modulepreload`); the page's head names it in the same order."""
    g.setdefault("head_files", []).append((url, rel))
    return url


def link_header(resp: Response) -> Response:
    """The files a page's head names, in its `Link` header (head_file)."""
    files = g.get("head_files")
    if files and resp.mimetype == "text/html":
        resp.headers["Link"] = ", ".join(f"<{url}>; {rel}" for url, rel in files)
    return resp


def compress(resp: Response) -> Response:
    """A page's answer gzipped when the browser accepts it and it gains."""
    if (resp.direct_passthrough or resp.is_streamed or resp.status_code < 200
            or resp.status_code in (204, 304) or "Content-Encoding" in resp.headers
            or not (resp.mimetype or "").startswith(COMPRESSIBLE) or not accepts_gzip()):
        return resp
    body = resp.get_data()
    if len(body) < MIN_GZIP:
        return resp
    resp.set_data(gzip.compress(body, 6, mtime=0))
    resp.headers["Content-Encoding"] = "gzip"
    resp.vary.add("Accept-Encoding")
    return resp


def init_app(app: Flask) -> Assets:
    """Serve `app.static_folder` this way, and give templates `url_for` with versioned static files."""
    assets = Assets(app.static_folder)
    app.extensions["assets"] = assets

    def versioned(version: str, filename: str):
        asset = assets.get(filename)
        if asset is None:
            abort(404)
        # an older page asking after a restart with other files: the current file,
        # but not to be kept under that URL
        return send(asset, IMMUTABLE if version == assets.version else "no-cache")

    def plain(filename: str):
        asset = assets.get(filename)
        if asset is None:
            abort(404)
        return send(asset, "no-cache")

    app.add_url_rule("/assets/<version>/<path:filename>", "asset", versioned)
    app.view_functions["static"] = plain      # /static/<path>: same files, revalidated

    def asset_url(endpoint_or_path: str, **values) -> str:
        """url_for for templates, with static files at their versioned URL."""
        if endpoint_or_path == "static":
            return assets.url(values["filename"])
        return url_for(endpoint_or_path, **values)

    def stylesheet(filename: str) -> Markup:
        """A style sheet of the page's head, named in its `Link` header too."""
        url = head_file(assets.url(filename), "rel=preload; as=style")
        return Markup(f'<link rel="stylesheet" href="{escape(url)}">')

    app.jinja_env.globals.update(url_for=asset_url, stylesheet=stylesheet)
    app.after_request(compress)
    app.after_request(link_header)
    return assets
