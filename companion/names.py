"""Names that look alike. "Аnn" (a Cyrillic А), "Ａｎｎ" (full width) and "Ánn" would sit
beside "Ann" and confuse everyone (and every "target: Ann"). A name is compared by its
skeleton: compatibility forms folded (NFKC: full width, ligatures), accents dropped
from Latin letters (NFKD, their combining marks removed: "Ánn" is "Ann", but "й" stays
itself), the Cyrillic and Greek letters that look like Latin
ones replaced by those, case ignored. Names in any script are welcome ("Аня", "Σοφία");
only a name whose skeleton equals a seated one's is refused.
"""
from __future__ import annotations

import unicodedata

# Cyrillic and Greek letters drawn like a Latin letter (each case on its own: a
# lower-case в is not a b, an upper-case В is a B)
LOOK_ALIKE = str.maketrans({
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y",
    "Ԛ": "Q", "Ԝ": "W", "Һ": "H", "Ӏ": "I",
    # Cyrillic small letters
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s",
    "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Greek small letters
    "α": "a", "ο": "o", "ρ": "p", "ι": "i", "κ": "k", "ν": "v", "υ": "u", "χ": "x",
    # Latin letters that pass for others
    "ı": "i", "ȷ": "j", "ℓ": "l",
})


def skeleton(name: str) -> str:
    """What `name` looks like, for comparing names (see the module docstring)."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name))
    text = text.translate(LOOK_ALIKE)
    out, latin = [], False
    for c in text:                    # accents go from Latin letters only: й is not и
        if unicodedata.combining(c):
            if not latin:
                out.append(c)
            continue
        latin = c.isascii()
        out.append(c)
    text = unicodedata.normalize("NFC", "".join(out))
    return " ".join(text.casefold().split())


def looks_like(name: str, others) -> str | None:
    """The first of `others` that `name` looks like, if any."""
    mine = skeleton(name)
    return next((o for o in others if skeleton(o) == mine), None)
