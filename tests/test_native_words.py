"""Words a native reader would write (issue 27, Words): the mechanical rules the Hungarian
and Russian catalogs keep, each checked on every entry (docs/translating.md):

- the host's screen runs on a laptop: no sentence only the host page shows says "tap"
  ("Koppints", «коснитесь»);
- Russian and Hungarian write a role name in lower case mid-sentence («сразитесь с
  шерифом», "a seriffel"); it keeps its capital where it stands alone as a name (a role
  card, a heading, the start of a sentence) and where a {role} placeholder puts it;
- an Encounter with Destiny, once applied, is a statement about the player who applies it
  on every other phone and the host screen; only his own phone says "you".
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from companion import i18n
from engine.say import msg
from helpers import a_record

# where only the host's laptop shows a sentence
HOST_ONLY = re.compile(r"^(templates/host\.html|templates/_host_\w+\.html|static/js/host[\w-]*\.js)$")
TAP = {"en": re.compile(r"\btap", re.I), "hu": re.compile(r"koppint", re.I),
       "ru": re.compile(r"коснит|косните|тапн", re.I)}
# a role name after a word (a capital one too: «У Шерифа», "A Seriff"), a digit or a
# comma, colon, dash or bracket
ROLES = {"ru": r"(Шериф|Помощник|Бандит|Ренегат|Штурмовик|Повстан|Охотник\w* за голов)",
         "hu": r"(Seriff|Bandit|Renegát|Rohamosztagos|Lázadó|Fejvadász)"}


def mid_sentence_role(lang: str):
    return re.compile(r"(?:(?<=[^\W\d_] )|(?<=[\d,;:—–)] )|(?<=\())" + ROLES[lang])


def entries(lang: str):
    path = i18n.pot_path() if lang == "en" else i18n.po_path(lang)
    with open(path, "rb") as f:
        for m in read_po(f, locale=None if lang == "en" else lang):
            if m.id:
                ids = list(m.id) if isinstance(m.id, (list, tuple)) else [m.id]
                strs = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
                yield m, ids if lang == "en" else [s for s in strs if s]


def host_only(m) -> bool:
    return bool(m.locations) and all(HOST_ONLY.match(path) for path, _ in m.locations)


@pytest.mark.parametrize("lang", ["en", "hu", "ru"])
def test_no_sentence_of_the_host_laptop_says_tap(lang):
    found = [m for m, _ in entries("en") if host_only(m)]
    assert len(found) > 40, len(found)          # the host page's own sentences are seen
    bad = [f"{lang}: {t!r}" for m, texts in entries(lang) if host_only(m) for t in texts
           if TAP[lang].search(t)]
    assert not bad, "\n".join(bad)


def test_the_tap_check_can_fail():
    assert TAP["hu"].search("Koppints egy játékosra") and TAP["en"].search("Tap a player")
    assert TAP["ru"].search("Коснитесь игрока") and not TAP["ru"].search("Нажмите на игрока")
    assert HOST_ONLY.match("static/js/host-board.js") and HOST_ONLY.match("templates/_host_feats.html")
    assert not HOST_ONLY.match("static/js/phone.js")


@pytest.mark.parametrize("lang", ["hu", "ru"])
def test_role_names_are_lower_case_mid_sentence(lang):
    rx = mid_sentence_role(lang)
    bad = [f"{t[max(0, x.start() - 30):x.end() + 10]!r}" for _, texts in entries(lang)
           for t in texts for x in rx.finditer(t)]
    assert not bad, "\n".join(bad)


# a placeholder a role name fills ({role}, {leader}: "Seriff", «Шериф», as the card prints
# it) keeps its capital after a colon or in brackets, never after a word
ROLE_FIELD = re.compile(r"(?<=[^\W\d_] )\{(?:role|leader|target_role)\}")


@pytest.mark.parametrize("lang", ["hu", "ru"])
def test_a_role_placeholder_is_not_put_mid_sentence(lang):
    """'Az eseményt a {leader} körének elején' read 'a Seriff körének elején'."""
    bad = [f"{t!r}" for _, texts in entries(lang) for t in texts if ROLE_FIELD.search(t)]
    assert not bad, "\n".join(bad)


def test_the_role_check_can_fail():
    assert ROLE_FIELD.search("Az eseményt a {leader} körének elején kell beírni")
    assert not ROLE_FIELD.search("Событие вносится в начале хода: {leader}, до его первого действия.")
    assert not ROLE_FIELD.search("{seat} ({role}) célpontja")
    ru, hu = mid_sentence_role("ru"), mid_sentence_role("hu")
    assert ru.search("в конце сразитесь с Шерифом") and ru.search("Вчетвером: Шериф, Ренегат")
    assert ru.search("{seat} (Шериф) выбивает") and ru.search("всех повстанцев и Охотника за головами")
    assert ru.search("У Шерифа на одно больше.") and hu.search("A Seriff eggyel többel kezd.")
    assert not ru.search("Шериф: выбить из игры всех бандитов") and not ru.search("Роль: {role}.")
    assert hu.search("szállj szembe a Seriffel") and not hu.search("Seriff: győzd le")


def test_an_applied_destiny_effect_is_said_of_its_player():
    """'Encounter with Destiny (BANG!): Draw a card.' was an order on every phone: what the
    others read names the player; his own phone says "you"."""
    from engine.rulesets.starwars.data import DESTINY, DESTINY_DONE
    assert {k for effects in DESTINY.values() for k in effects} == set(DESTINY_DONE)
    for key, said in DESTINY_DONE.items():
        line = msg("Encounter with Destiny ({card}): {effect}", card="BANG!",
                   effect=msg(said, seat="Ann"))
        for lang in ("en", "hu", "ru"):
            theirs, mine = i18n.sentence(line, lang), i18n.sentence(line, lang, reader="Ann")
            assert "Ann" in theirs and "Ann" not in mine and theirs != mine, (key, lang, theirs)
            # Hungarian and Russian go on in lower case after a colon: the applied effect
            # is a sentence of its own ("...(BANG!): Húzol egy lapot." read as a typo)
            if lang != "en":
                assert not AFTER_COLON.search(mine), (key, lang, mine)


AFTER_COLON = re.compile(r": [A-ZÁÉÍÓÖŐÚÜŰА-ЯЁ]")


def test_the_colon_check_can_fail():
    assert AFTER_COLON.search("Találkozás a Sorssal (BANG!): Húzol egy lapot.")
    assert AFTER_COLON.search("Встреча с Судьбой (Бэнг!): Вы берёте карту.")
    assert not AFTER_COLON.search("Встреча с Судьбой (Бэнг!). Вы берёте карту.")


# the game's own name, as the Russian start page writes it: BANG! Legends, BANG! Star Wars,
# BANG! за столом, «BANG!», BANG! (базовая игра); anywhere else "BANG!" is the card, «Бэнг!»
RU_GAME_NAME = re.compile(r"BANG!(?= Legends| Star Wars| за столом|»| \(|$)")


def latin_bang_cards(text: str) -> list[str]:
    return [text[max(0, x.start() - 30):x.end() + 20] for x in re.finditer(r"BANG!", text)
            if not RU_GAME_NAME.match(text, x.start())]


def test_the_russian_card_bang_is_written_in_cyrillic():
    """The card is «Бэнг!» in every Russian entry ('the target answers the BANG! before that
    effect' said it in Latin letters); "BANG!" stays only in the game's name."""
    bad = [f"{hit!r}" for _, texts in entries("ru") for t in texts for hit in latin_bang_cards(t)]
    assert not bad, "\n".join(bad)


def test_the_bang_check_can_fail():
    assert latin_bang_cards("цель отвечает на BANG! до этого эффекта")
    assert not latin_bang_cards("BANG! Legends") and not latin_bang_cards("Игра «BANG!»")
    assert not latin_bang_cards("BANG! (базовая игра)") and not latin_bang_cards("BANG! за столом")


def test_the_answer_of_one_with_no_missed_reads_as_hungarian():
    """Russian Roulette and Ricochet ask for a Missed!: the answer of one who plays none was
    'Nincs Nem talált!' ("none no-hit!"), two negations read as a typo; the answers are in
    the first person (Kiesek, Vállalom a találatot): 'Nincs Nem talált! lapom'."""
    from engine import Ask, answers_for, initial_state, load_record
    state = initial_state(load_record(a_record(characters=["Bart Cassidy"] * 4, turn="Ann")))
    state.pending.append(Ask(1, "roulette", None, "Russian Roulette", accepts=("missed",)))
    take = next(a for a in answers_for(state, "Bob") if a["respond"] == "take")
    assert i18n.sentence(take["label"], "hu") == "Nincs Nem talált! lapom"
    assert i18n.sentence(take["label"], "en") == "No Missed!"
