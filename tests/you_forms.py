"""What the second-person tests share (test_you_declared.py: the engine's and the
companion's messages; test_second_person.py: the pages' sentences):

    fields(text)   the placeholders of a sentence
    form_problems(where, you, text, plural, plural_kind, wrong_kind)
                   what is wrong with a sentence's `you` forms
"""
from __future__ import annotations

import re

FIELD = re.compile(r"\{(\w+)\}")


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def form_problems(where: str, you: dict | None, text: str, plural: str | None,
                  plural_kind: bool, wrong_kind: str) -> list[str]:
    """What is wrong with the `you` forms of one sentence (`text`, and `plural` for a
    plural one, `plural_kind`): a form must name a placeholder of the sentence, be an
    N_plural(one, many) exactly when the sentence is plural (else `wrong_kind` is said),
    and keep the sentence's placeholders less the one it replaces."""
    out = []
    for arg, form in (you or {}).items():
        if arg not in fields(text):
            out.append(f"{where}: {{{arg}}} is not a placeholder of {text!r}")
            continue
        if isinstance(form, tuple) != plural_kind:
            out.append(f"{where}: {text!r}: {wrong_kind}")
            continue
        pairs = zip(form, (text, plural)) if isinstance(form, tuple) else [(form, text)]
        for said, base in pairs:
            if fields(said) != fields(base) - {arg}:
                out.append(f"{where}: {said!r}: placeholders {sorted(fields(said))}, "
                           f"not {sorted(fields(base) - {arg})}")
    return out
