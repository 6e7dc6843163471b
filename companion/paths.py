"""Where the companion's files are: the repository's root, and the pages' `templates`
and `static` folders (inside an installed package, or at the top of a checkout)."""
from __future__ import annotations

import os
from importlib import resources

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def folder(name: str) -> str:
    """The pages' `templates` or `static` folder: inside the installed package (a wheel
    carries them as companion/templates and companion/static), else the repository's
    top-level folder of that name (a checkout, an editable install)."""
    packaged = resources.files(__package__) / name
    if packaged.is_dir():
        return str(packaged)
    return os.path.join(ROOT, name)
