"""Messages: what the engine tells people, as a key and its parameters, never a sentence.

A message is a plain JSON object: `{"$t": template, ...arguments}`. The template is the
English source text with `{name}` placeholders; it is the message's key in the
translation catalogs (gettext's habit: the source text is the id), and it is never shown
as it is except to someone reading English. The sentence is made where a person reads
it, in that person's language (companion/i18n.py for pages and the CLI, static/js/i18n.js
on a phone and on the host screen), by translating the template and every nested
message, then filling the placeholders.

    msg("{seat} has no cards in hand.", seat="Ann")
    plural("{seat} takes {n} card.", "{seat} takes {n} cards.", 2, seat="Ann")
    msg("{card} misses.", card=name("Missed!"))     # a card's name is translated too

An argument is a player's name or a number (shown as it is), a nested message (a
card, character or role name through `name()`, or a phrase through `msg()`), or a list
of those (shown one after the other). A plural
message carries its count as `n` and its English plural as `$pl`; the reader's catalog
gives the right form for that count (Russian has three, Hungarian keeps the singular).

A message that can name the seat of the person reading it declares, where it is made,
how it reads on that seat's own phone: `you` maps each argument that may name the reader
to the template said to him (its placeholders: the message's, less that argument), marked
with `N_` (a plural's with `N_plural`) so that `pybabel extract` finds it and each
language translates it like any other template:

    msg("{seat} plays {card} at {target}.", seat="Ann", card=name("BANG!"), target="Bob",
        you={"seat": N_("You play {card} at {target}."),
             "target": N_("{seat} plays {card} at you.")})

It travels in the message as `$you`; `render(..., reader="Bob")` takes it when that
argument is, exactly, the reader's name ("Ann plays BANG! at you."). A template declared
once with its `you` and filled elsewhere (a ruleset's words) is a message without
arguments: `msg(words["dying"], seat="Ann")` fills it.

`N_` only marks a string of a data table (a card's name, a rule's title) so that
`pybabel extract` finds it; it returns the string unchanged.
"""
from __future__ import annotations

import re

KEY = "$t"
PLURAL = "$pl"
YOU = "$you"            # {argument that may name the reader: his template}
# a placeholder, a closing quote after it if any, and the full stop that follows: a name that
# ends in "!" or "?" ("Missed!", «Бэнг!») ends the sentence itself and takes no further full
# stop, in every language
_FIELD = re.compile(r"\{(\w+)\}([»”]?)(\.(?!\.)|)")


def N_(text: str) -> str:
    """Mark a data string for the catalogs; the engine keeps it as a key."""
    return text


def N_plural(singular: str, plural_: str) -> list[str]:
    """Mark a plural `you` form (its two English forms) for the catalogs."""
    return [singular, plural_]


def msg(template: str | dict, /, *, you: dict | None = None, **args) -> dict:
    """A message: its English template (the key) and its arguments; `you`: how it reads
    on the phone of the seat an argument names (the module's doc). `template` may be a
    message declared elsewhere with its `you` (a ruleset's words): it is filled."""
    if type(template) is dict:
        return {**template, **args}
    if you:
        return {KEY: template, YOU: you, **args}
    return {KEY: template, **args}


def plural(singular: str, plural_: str, n: int, /, *, you: dict | None = None,
           **args) -> dict:
    """A message whose wording depends on the count `n` (`you`: its forms N_plural)."""
    if you:
        return {KEY: singular, PLURAL: plural_, YOU: you, "n": n, **args}
    return {KEY: singular, PLURAL: plural_, "n": n, **args}


def name(text: str) -> dict:
    """A name the reader's language may spell otherwise (a card, a character, a role)."""
    return {KEY: text}


def is_message(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get(KEY), str)


def render(message: object, translate=None, reader: str | None = None) -> str:
    """The sentence for a message. `translate(template, plural, n)` gives the reader's
    template (the English one when None); `reader`: the name of the seat whose phone
    reads it, spoken to as `you` where the message declares it and an argument is,
    exactly, that name. Nested messages are rendered the same way and a placeholder with
    no argument is left as it is (a template is never an error)."""
    if not is_message(message):
        return "" if message is None else str(message)
    template, other, n = message[KEY], message.get(PLURAL), message.get("n")
    if reader and YOU in message:
        for arg, form in message[YOU].items():
            said = message.get(arg)
            if type(said) is str and said == reader:
                if type(form) is str:
                    template = form
                else:
                    template, other = form
                break
    if translate is not None:
        template = translate(template, other, n)
    elif other is not None and n != 1:
        template = other

    def field(m: re.Match) -> str:
        key, quote, stop = m.groups()
        if key not in message:
            return m.group(0)
        text = _arg(message[key], translate, reader)
        return text + quote + ("" if text.endswith(("!", "?")) else stop)
    return _FIELD.sub(field, template)


def _arg(value, translate, reader) -> str:
    if type(value) is list:               # several phrases in a row: "{what}" of two events
        return " ".join(_arg(v, translate, reader) for v in value)
    return render(value, translate, reader) if is_message(value) else str(value)


def english(message: object) -> str:
    """The English sentence (the CLI, the server's own log, tests)."""
    return render(message)


def series(items: list, conjunction: bool = False) -> object:
    """Several names or phrases as one message: "Ann, Bob, Cy", or with `conjunction`
    "Colt and Barrel" (each joined to the rest by a template a translator can change)."""
    items = list(items)
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):       # you={}: a name in a row stays a name
        out = (msg("{first} and {rest}", first=item, rest=out, you={}) if conjunction
               else msg("{first}, {rest}", first=item, rest=out, you={}))
    return out
