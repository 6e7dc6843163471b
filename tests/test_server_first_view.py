"""The seat's first view over HTTP (`GET /p/<table>/seat`, docs/protocol.md, "First
view"): what a phone page asks for before its scripts load, so that its seat shows
without waiting for the socket. It must be exactly what the seat's socket gets first,
for the holder of the seat's token alone, and never kept by a cache."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import NAMES, TableHelper


def first_view(t: TableHelper, token: str | None, query: str = ""):
    headers = {} if token is None else {"X-Seat-Token": token}
    return t.http.get(f"/p/{t.id}/seat{query}", headers=headers)


def first_snapshot(t: TableHelper, token: str, lang: str | None = None) -> dict:
    auth = {"table": t.id, "token": token} | ({"lang": lang} if lang else {})
    c = t.socketio.test_client(t.app, auth=auth)
    try:
        return next(m["args"][0] for m in c.get_received() if m["name"] == "snapshot")
    finally:
        c.disconnect()


@pytest.mark.parametrize("ruleset,mode", [("base", "tracker"), ("base", "referee"),
                                          ("legends", "referee"), ("starwars", "referee")])
def test_the_first_view_is_what_the_seats_socket_gets_first(app, ruleset, mode):
    t = TableHelper(app, mode=mode, ruleset=ruleset).seat(NAMES[:5])
    lobby = {n: first_view(t, tok).get_json() for n, tok in t.tokens.items()}
    t.deal()
    for name, token in t.tokens.items():
        r = first_view(t, token)
        assert r.status_code == 200 and r.mimetype == "application/json"
        assert r.headers["Cache-Control"] == "no-store"
        assert r.get_json() == first_snapshot(t, token), name
        assert r.get_json()["table"]["you"]["name"] == name
        assert lobby[name]["table"]["you"]["name"] == name
    # in the page's language: the same as a socket that reads Hungarian
    token = t.tokens[NAMES[0]]
    assert first_view(t, token, "?lang=hu").get_json() == first_snapshot(t, token, "hu")
    assert first_view(t, token, "?lang=hu").get_json() != first_view(t, token, "?lang=en").get_json()


def test_a_seat_not_yet_connected_counts_as_connected_in_its_own_view(app):
    t = TableHelper(app)
    token = t.join("Ann")                      # joined, no socket yet
    t.seat(["Bob", "Cid"])
    view = first_view(t, token).get_json()
    assert view["table"]["seats_connected"] == {"Ann": True, "Bob": True, "Cid": True}
    t.phones["Bob"].disconnect()
    assert first_view(t, token).get_json()["table"]["seats_connected"]["Bob"] is False


def test_a_refused_first_view_says_why_and_shows_nothing(app):
    t = TableHelper(app).seat(NAMES[:4])
    t.deal()
    good = t.tokens["Ann"]
    for token, code in ((None, "bad_token"), ("", "bad_token"), ("x" * 32, "bad_token"),
                        ("x" * 5000, "bad_token"), (good.upper(), "bad_token")):
        r = first_view(t, token)
        assert r.status_code == 403 and r.headers["Cache-Control"] == "no-store", token
        assert r.get_json()["error"]["code"] == code
        assert "view" not in r.get_json() and "table" not in r.get_json()
    # the token is read from its header only, never from the address
    r = first_view(t, None, f"?token={good}&lang=en")
    assert r.status_code == 403 and "view" not in r.get_json()
    assert t.http.get(f"/p/nosuchtable/seat", headers={"X-Seat-Token": good}).status_code == 404
    assert t.http.post(f"/p/{t.id}/seat", headers={"X-Seat-Token": good}).status_code == 405


def test_a_moved_seats_old_token_gets_no_view(app):
    t = TableHelper(app).seat(NAMES[:4])
    t.deal()
    old = t.tokens["Bob"]
    ack = t.host.emit("reseat", {"seat": "Bob"}, callback=True)
    assert ack["ok"], ack
    claim = t.app.test_client().get("/" + ack["claim_url"].split("/", 3)[3])
    assert claim.status_code == 303
    new = claim.headers["Location"].split("#", 1)[1]
    r = first_view(t, old)
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "revoked"
    assert first_view(t, new).get_json()["table"]["you"]["name"] == "Bob"



@pytest.fixture
def seated(app):
    return TableHelper(app).seat(NAMES[:4])


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(token=st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=300),
       lang=st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40),
       real=st.booleans())
def test_any_header_gets_a_view_or_a_refusal_and_changes_nothing(seated, token, lang, real):
    """Whatever the headers, the first view answers 200 with the seat's view (the real
    token) or 403 with a code, never a server error, and the table is as it was."""
    t = seated
    table = t.tables().get(t.id)
    before = (table.version, len(table.moves), json.dumps(table.lobby, sort_keys=True))
    sent = t.tokens["Ann"] if real else token
    r = t.http.get(f"/p/{t.id}/seat", headers={"X-Seat-Token": sent, "Accept-Language": lang})
    assert r.status_code == (200 if sent == t.tokens["Ann"] else 403), (sent, r.status_code)
    assert r.headers["Cache-Control"] == "no-store"
    body = r.get_json()
    if r.status_code == 200:
        assert body["table"]["you"]["name"] == "Ann"
    else:
        assert body["error"]["code"] == "bad_token" and "table" not in body
    assert (table.version, len(table.moves), json.dumps(table.lobby, sort_keys=True)) == before
