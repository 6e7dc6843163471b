"""A table row's write (companion/schema.py): the JSON of its lobby and header is kept
between writes, and a change to either is written, even one made in place."""
from __future__ import annotations

from companion import schema
from companion.storage import SqliteStorage


def _row(version: int, lobby: list, header: dict | None) -> dict:
    return {"id": "t1", "host_hash": "h", "status": "lobby", "ruleset": "base",
            "mode": "tracker", "lobby": lobby, "game": 0, "header": header,
            "version": version, "created_at": 1.0}


def test_a_lobby_or_header_changed_in_place_is_written_again(tmp_path):
    st = SqliteStorage(str(tmp_path / "db.sqlite3"))
    lobby, header = [{"id": "a", "name": "Ann"}], {"seats": [], "options": {}}
    st.save(_row(1, lobby, header))
    st.save(_row(2, lobby, header))                  # the same objects: the version alone
    assert st.load("t1")["version"] == 2
    lobby.append({"id": "b", "name": "Bob"})          # the same list, another lobby
    header["options"]["event_bonus"] = False
    st.save(_row(3, lobby, header))
    row = st.load("t1")
    assert [e["name"] for e in row["lobby"]] == ["Ann", "Bob"]
    assert row["header"]["options"] == {"event_bonus": False}
    st.close()


def test_the_kept_texts_stay_bounded(monkeypatch):
    monkeypatch.setattr(schema, "_TEXTS", {})
    monkeypatch.setattr(schema, "TEXTS_KEPT", 4)
    for k in range(10):
        schema.encode(dict(_row(1, [], None), id=f"t{k}"))
    assert len(schema._TEXTS) == 4
    assert ("t9", "lobby") in schema._TEXTS
