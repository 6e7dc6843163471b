"""No accidental move (issue 27, item 2): whatever ends a turn or cannot be taken back
asks first, in the one confirmation dialog (static/js/confirm.js, templates/_confirm.html);
the host's undo asks and a redo brings the move back. In a real Chromium."""
from __future__ import annotations

import pytest
import socketio

from browsing import Watch, create_table, join_by_request, seat_tile

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None


def phone_move(server: str, table_id: str, token: str, move: dict) -> None:
    """One move from a seat's own Socket.IO client (not from a page under test)."""
    c = socketio.SimpleClient()
    c.connect(server, auth={"table": table_id, "token": token}, transports=["websocket"])
    try:
        assert c.call("move", move, timeout=5)["ok"]
    finally:
        c.disconnect()


@pytest.mark.browser
def test_the_hosts_undo_asks_and_redo_brings_the_move_back(server, pw, browser):
    watch = Watch()
    host_ctx, host = create_table(browser, watch, server)
    _, table_id, tokens = join_by_request(host, ["Ann", "Bob", "Cid", "Dee"])
    expect(host.locator("#lobby-list li")).to_have_count(4)
    host.get_by_role("button", name="Deal roles").click()
    expect(host.locator(".seat")).to_have_count(4)
    # the top bar says which game the table plays
    expect(host.locator(".topbar")).to_contain_text("BANG! (base game)")
    life = seat_tile(host, "Bob").locator(".life-num")
    start, top = (int(n) for n in life.inner_text().strip().split("/"))
    phone_move(server, table_id, tokens["Bob"], {"set": {"life": start - 1}})
    expect(life).to_have_text(f"{start - 1}/{top}")
    redo = host.get_by_role("button", name="Redo")
    expect(redo).to_be_disabled()

    host.get_by_role("button", name="Undo last move").click()
    dialog = host.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Take back the last move?")
    expect(dialog).to_contain_text(f"Bob's life goes from {start} to {start - 1}.")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(life).to_have_text(f"{start - 1}/{top}")

    host.get_by_role("button", name="Undo last move").click()
    dialog.get_by_role("button", name="Undo").click()
    expect(life).to_have_text(f"{start}/{top}")
    expect(redo).to_be_enabled()
    redo.click()
    expect(life).to_have_text(f"{start - 1}/{top}")
    expect(redo).to_be_disabled()
    assert not watch.errors, watch.errors
    host_ctx.close()
