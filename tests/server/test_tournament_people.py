"""Tournaments with people: registration, each person's deals played as rooms, standings
with their results, limits, and the duplicate leak (a deal seen before it is played)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tt_server_support import app_client
from tt_tourney import new_player, play_next_deal, post, wait_bots, wait_status, with_people

import tricktable
from tricktable.server import ServerConfig
from tricktable.server.common import hash_token
from tricktable.store import MemoryStore

CONFIG = ServerConfig(bot_delay=0.0)


@pytest.fixture
def quick() -> Any:
    """A client whose bots do not wait, over a memory store."""
    with app_client(CONFIG, MemoryStore()) as client:
        yield client


def test_people_register_play_their_deals_in_rooms_and_count_in_the_standings(
        quick: Any) -> None:
    ann, bob, cy = (new_player(quick, name) for name in ("Ann", "Bob", "Cy"))
    made = with_people(quick, ann)
    tid = made["id"]
    assert made["status"] == "registering" and made["places"] == 2 and made["people"] == []
    assert made["partner"] is None  # no partnerships in Sixty-Six
    assert post(quick, tid, "register", ann).status_code == 200
    again = post(quick, tid, "register", ann)
    assert again.status_code == 409 and "one place per player" in again.json()["error"]
    assert post(quick, tid, "register", bob).json()["people"][1]["name"] == "Bob"
    full = post(quick, tid, "register", cy)
    assert full.status_code == 409 and "every place is taken (2 people)" in full.json()["error"]
    early = post(quick, tid, "seat", ann)
    assert early.status_code == 409 and "not started" in early.json()["error"]
    not_owner = post(quick, tid, "start", bob)
    assert not_owner.status_code == 403 and "made the tournament" in not_owner.json()["error"]
    started = post(quick, tid, "start", ann).json()
    assert started["status"] == "playing" and started["total"] == 4 + 2 * 2
    closed = post(quick, tid, "register", cy)
    assert closed.status_code == 409 and "registration is closed" in closed.json()["error"]
    assert post(quick, tid, "start", ann).status_code == 409
    stranger = post(quick, tid, "seat", cy)
    assert stranger.status_code == 403 and "not registered" in stranger.json()["error"]

    first = play_next_deal(quick, tid, ann)
    assert first["deal"] == 0 and first["last"]["room"]["tournament"]["deal"] == 0
    assert first["last"]["room"]["hands"] == 1 and not first["last"]["legal"]  # one hand: over
    assert first["last"]["room"]["tournament"]["url"] == f"/tournament/{tid}"
    second = post(quick, tid, "seat", ann).json()
    assert second["deal"] == 1 and second["room"] != first["room"]
    assert post(quick, tid, "seat", ann).json() == second  # the same seat from any device
    play_next_deal(quick, tid, ann)
    assert post(quick, tid, "seat", ann).json() == {"done": True, "deals": 2}
    bobs = [play_next_deal(quick, tid, bob) for _ in range(2)]
    done = wait_status(quick, tid, "finished")
    doc = done["doc"]
    assert done["done"] == done["total"] == 8 and len(doc["tables"]) == 8
    assert doc["names"][f"p:{ann['id']}"] == "Ann"
    assert {row["entrant"] for row in doc["standings"]} == {
        "heuristic", "random", f"p:{ann['id']}", f"p:{bob['id']}"}
    mine = [t for t in doc["tables"] if t.get("person") == bob["id"]]
    assert [t["room"] for t in mine] == [b["room"] for b in bobs]
    for table, played in zip(mine, bobs, strict=True):  # the room's hand is the table's result
        assert table["deltas"] == played["last"]["results"][0]["deltas"]
    total = next(r["total"] for r in doc["standings"] if r["entrant"] == f"p:{bob['id']}")
    assert total == pytest.approx(sum(t["deltas"][t["side"]] for t in mine))
    margin = next(m for m in doc["margins"] if m["home"] == f"p:{bob['id']}")
    assert len(margin["per_deal"]) == 2 and None in margin["per_deal"]  # met one bot a deal
    number = mine[0]["number"]
    replay = quick.get(f"/api/tournaments/{tid}/tables/{number}/replay?step=0").json()
    assert replay["seats"][mine[0]["side"]]["name"] == "Bob"
    assert quick.get(f"/api/rooms/{mine[0]['room']}/replay").status_code == 200


def test_a_person_in_a_partnership_game_sits_with_the_partner_bot(quick: Any) -> None:
    ann = new_player(quick, "Ann")
    made = with_people(quick, ann, game="rook", people=1, deals=1)
    tid = made["id"]
    assert made["partner"] == "heuristic"
    post(quick, tid, "register", ann)
    post(quick, tid, "start", ann)
    played = play_next_deal(quick, tid, ann)
    seats = played["last"]["room"]["seats"]
    assert played["seat"] == 0 and seats[0]["name"] == "Ann" and seats[2]["bot"] == "heuristic"
    assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"]
    doc = wait_status(quick, tid, "finished")["doc"]
    assert doc["scoring"] == "matchpoints"
    row = next(r for r in doc["standings"] if r["entrant"] == f"p:{ann['id']}")
    # her result from side 0 against every bot's result from side 0 of the deal
    beaten = [t["deltas"][0] for t in doc["tables"] if "person" not in t]
    mine = played["last"]["results"][0]["deltas"][0]
    expected = sum(1.0 if mine > v else 0.5 if mine == v else 0.0 for v in beaten)
    assert row["matchpoints"] == round(100 * expected / len(beaten), 1)


def test_limits_and_bad_requests_are_refused_with_what_is_wrong(quick: Any) -> None:
    ann = new_player(quick, "Ann")
    base = {"game": "sixtysix", "entrants": ["heuristic", "random"], "deals": 2}
    cases = [
        ({**base, "people": 5, "player_key": ann["key"]}, 422, "people"),
        ({**base, "people": 1}, 400, "player_key"),
        ({**base, "people": 1, "player_key": "nobody"}, 403, "belongs to nobody"),
        # 216 bot tables and 4 people x 12 deals: over the limit only with the people
        ({**base, "deals": 12, "people": 4, "player_key": ann["key"], "game": "bidder",
          "players": 6, "entrants": ["heuristic", "random", "strong"]}, 400,
         "at most 240 tables, not 264"),
    ]
    for body, status, words in cases:
        answer = quick.post("/api/tournaments", json=body)
        assert answer.status_code == status and words in answer.json()["error"], answer.text
    assert quick.get("/api/tournaments").json() == []
    bots_only = quick.post("/api/tournaments", json=base).json()["id"]
    refused = post(quick, bots_only, "register", ann)
    assert refused.status_code == 409 and "no places for people" in refused.json()["error"]
    tid = with_people(quick, ann)["id"]
    empty = post(quick, tid, "start", ann)
    assert empty.status_code == 409 and "nobody has registered" in empty.json()["error"]
    assert post(quick, "nothing", "register", ann).status_code == 404
    wrong_key = quick.post(f"/api/tournaments/{tid}/register", json={"player_key": "x"})
    assert wrong_key.status_code == 403
    long_key = quick.post(f"/api/tournaments/{tid}/register", json={"player_key": "x" * 101})
    assert long_key.status_code == 422


def test_no_one_sees_a_deal_before_playing_it(quick: Any) -> None:
    """The classic duplicate leak: Ann played deal 0; Bob, who has not, and anyone else
    can see no card, seed, record, result or room of it (nor of the bots' tables of it)."""
    ann, bob = new_player(quick, "Ann"), new_player(quick, "Bob")
    tid = with_people(quick, ann)["id"]
    post(quick, tid, "register", ann)
    post(quick, tid, "register", bob)
    post(quick, tid, "start", ann)
    wait_bots(quick, tid, 4)  # the bots' tables of both deals are played
    anns = play_next_deal(quick, tid, ann)
    plan = quick.app.state.rooms.store.ledger.tournament(tid).plan
    seen = quick.get(f"/api/tournaments/{tid}").json()
    text = json.dumps(seen) + json.dumps(quick.get("/api/tournaments").json())
    assert seen["doc"] is None and seen["status"] == "playing"
    keys = [ann["key"], bob["key"], hash_token(ann["key"]), hash_token(bob["key"])]
    for secret in (anns["room"], plan["secret"], '"seed"', '"deltas"', '"record"', "outcome",
                   anns["token"], *keys):
        assert secret not in text
    for number in range(len(plan["tables"])):
        replay = quick.get(f"/api/tournaments/{tid}/tables/{number}/replay")
        assert replay.status_code == 409
    for path in ("replay", "record", "analysis?seat=0"):
        assert quick.get(f"/api/rooms/{anns['room']}/{path}").status_code == 403, path
    analyse = quick.post(f"/api/rooms/{anns['room']}/analysis", json={"seat": 0})
    assert analyse.status_code == 403
    listed = json.dumps(quick.get("/api/history").json()) + json.dumps(
        quick.get("/api/rooms").json())
    assert anns["room"] not in listed
    assert quick.get(f"/api/players/{ann['id']}").json()["recent"] == []
    with quick.websocket_connect(f"/ws/{anns['room']}") as session:
        session.send_text(json.dumps({"type": "hello", "token": None}))
        refused = json.loads(session.receive_text())
    assert refused["code"] == "no_spectators"
    bobs = post(quick, tid, "seat", bob).json()
    assert bobs["deal"] == 0
    with quick.websocket_connect(f"/ws/{bobs['room']}") as session:
        session.send_text(json.dumps({"type": "hello", "token": bobs["token"]}))
        frame = json.loads(session.receive_text())
        while frame["type"] != "state":
            frame = json.loads(session.receive_text())
        session.send_text(json.dumps({"type": "hint"}))
        hint = json.loads(session.receive_text())
        while hint["type"] == "state":
            hint = json.loads(session.receive_text())
    game = tricktable.new_game("sixtysix", seed=plan["seed"])
    assert frame["view"] == game.view(bobs["seat"])  # Bob's own view, as at any table
    assert hint["type"] == "error" and hint["code"] in ("no_hints", "not_your_turn")


def test_the_maker_closes_it_and_bots_play_the_deals_left(quick: Any) -> None:
    ann, bob = new_player(quick, "Ann"), new_player(quick, "Bob")
    tid = with_people(quick, ann)["id"]
    post(quick, tid, "register", ann)
    post(quick, tid, "register", bob)
    early = post(quick, tid, "close", ann)
    assert early.status_code == 409 and "is registering" in early.json()["error"]
    post(quick, tid, "start", ann)
    play_next_deal(quick, tid, ann)
    play_next_deal(quick, tid, ann)
    opened = play_next_deal(quick, tid, bob)  # Bob plays deal 1 and leaves deal 2
    refused = post(quick, tid, "close", bob)
    assert refused.status_code == 403 and "made the tournament" in refused.json()["error"]
    assert post(quick, tid, "close", ann).json()["closed"] is True
    late = post(quick, tid, "seat", bob)
    assert late.status_code == 409 and "closed the tournament" in late.json()["error"]
    doc = wait_status(quick, tid, "finished")["doc"]
    bobs = [t for t in doc["tables"] if t.get("person") == bob["id"]]
    assert bobs[0]["deltas"] == opened["last"]["results"][0]["deltas"]  # his own deal stands
    assert bobs[1]["stand_in"] == "heuristic" and bobs[1]["deltas"]  # the bots played it
    replay = quick.get(f"/api/tournaments/{tid}/tables/{bobs[1]['number']}/replay").json()
    assert replay["seats"][bobs[1]["side"]]["name"] == "Bob (played by heuristic)"
    assert f"p:{bob['id']}" in {row["entrant"] for row in doc["standings"]}
    assert post(quick, tid, "close", ann).status_code == 409
