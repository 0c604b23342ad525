"""A tournament with people survives a restart over its database: the registrations, the
person's room mid-hand (same seat, same token), and a bot table a stopped process left
unplayed (played again by the next process)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tt_server_support import JSON, Socket, app_client, play_until
from tt_tourney import finished, new_player, play_next_deal, post, wait_bots, wait_status
from tt_tourney import with_people as made_by

from tricktable.server import ServerConfig
from tricktable.store.ledger import TournamentInfo
from tricktable.store.sql import SqlStore

CONFIG = ServerConfig(bot_delay=0.0)


def test_a_tournament_with_people_plays_on_after_a_restart(tmp_path: Path) -> None:
    plays_on_after_a_restart(f"sqlite:///{tmp_path / 'games.db'}")


@pytest.mark.postgres
def test_a_tournament_with_people_plays_on_after_a_restart_postgres(
        postgres_schema_url: str) -> None:
    plays_on_after_a_restart(postgres_schema_url)


def plays_on_after_a_restart(url: str) -> None:
    """Stop the app mid-deal over the database at ``url``, lose a bot table, start again."""
    store = SqlStore(url)
    with app_client(CONFIG, store) as client:
        ann = new_player(client, "Ann")
        tid = made_by(client, ann, people=1, deals=2)["id"]
        post(client, tid, "register", ann)
        post(client, tid, "start", ann)
        wait_bots(client, tid, 4)
        seat = post(client, tid, "seat", ann).json()
        with client.websocket_connect(f"/ws/{seat['room']}") as session:
            before = play_until(Socket(session, seat["token"], "Ann"),
                                lambda frame: frame["version"] >= 5 and bool(frame["legal"]))
    store.close()

    store = SqlStore(url)

    def lose_a_bot_table(info: TournamentInfo) -> bool:  # its process stopped before it
        assert info.plan is not None
        del info.plan["played"]["3"]
        info.done, info.updated = info.done - 1, 0.0
        return True

    store.ledger.update_tournament(tid, lose_a_bot_table)
    try:
        with app_client(CONFIG, store) as client:
            found = client.get(f"/api/tournaments/{tid}").json()
            assert found["status"] == "playing" and found["people"][0]["name"] == "Ann"
            again = post(client, tid, "seat", ann).json()
            assert again == seat  # the same room, seat and token
            with client.websocket_connect(f"/ws/{seat['room']}") as session:
                socket = Socket(session, seat["token"], "Ann")
                state: JSON = socket.until("state")
                assert state["version"] == before["version"] and state["view"] == before["view"]
                play_until(socket, finished)
            play_next_deal(client, tid, ann)
            done = wait_status(client, tid, "finished")
    finally:
        store.close()
    tables = done["doc"]["tables"]
    assert done["done"] == 6 and tables[3]["deltas"] and "person" not in tables[3]
    assert f"p:{ann['id']}" in {row["entrant"] for row in done["doc"]["standings"]}
