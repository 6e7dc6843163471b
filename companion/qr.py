"""QR codes for join and claim URLs: SVG for the pages, text for the terminal."""
from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def svg(url: str) -> str:
    """The QR code of `url` as an SVG document (no Pillow needed)."""
    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return img.to_string(encoding="unicode")


def ascii_art(url: str, tty: bool = False) -> str:
    """The QR code of `url` drawn with block characters, for a terminal.

    Dark terminals are the common case, so the plain-text form is inverted (light
    modules on the dark background scan as dark ones on light paper)."""
    code = qrcode.QRCode(border=2)
    code.add_data(url)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, invert=not tty)
    return out.getvalue()
