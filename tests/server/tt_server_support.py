"""Helpers of the server and browser tests: clients, players, leak checks, live servers."""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import uvicorn
from fastapi.testclient import TestClient
from websockets.sync.client import connect

import tricktable
from tricktable import GameState
from tricktable.server import ServerConfig, create_app
from tricktable.server.manager import SeatRequest, new_room, seat_infos
from tricktable.server.protocol import results_json
from tricktable.store import Store

JSON = dict[str, Any]
POSTGRES_ENV = "TRICKTABLE_TEST_POSTGRES_URL"
TESTS = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def app_client(config: ServerConfig, store: Store) -> Iterator[TestClient]:
    """A TestClient over the app (its lifespan runs inside the ``with``)."""
    with TestClient(create_app(config, store=store)) as test_client:
        yield test_client


def create_room(client: Any, game: str, seed: int | None, seats: list[str] | None = None,
                name: str = "Ann", **extra: Any) -> JSON:
    """POST /api/rooms (a random deal when ``seed`` is None); seats are "human" or a bot name."""
    body: JSON = {"game": game, "name": name, **extra}
    if seed is not None:
        body["seed"] = seed
    if seats is not None:
        body["seats"] = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s}
                         for s in seats]
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    made: JSON = response.json()
    return made


def seeded_room(client: Any, game: str, seed: int, seats: list[str],
                players: int | None = None, options: JSON | None = None) -> tuple[str, str]:
    """A room dealt from ``seed`` with several humans, Ann at seat 0: (room id, her token).

    Seats are "human" or a bot name. The API refuses a chosen seed with other humans (its
    chooser could know their cards); tests need known deals, so the room goes in the store.
    """
    first = tricktable.new_game(game, seed=seed, players=players, options=options)
    requests = [SeatRequest("human") if s == "human" else SeatRequest("bot", s) for s in seats]
    infos, _seat, token = seat_infos(first, requests, 0, "Ann")
    info = new_room(first, infos)
    client.app.state.rooms.store.create_room(info)
    assert token is not None
    return info.id, token


def policy(frame: JSON) -> str:
    """A test player's choice: deterministic from the frame, spread over the legal actions."""
    legal = frame["legal"]
    assert legal, "asked to act without legal actions"
    return str(legal[(frame["version"] * 7 + 3) % len(legal)]["text"])


class Socket:
    """A websocket session of a TestClient, recording every frame."""

    def __init__(self, session: Any, token: str | None, name: str) -> None:
        self.session = session
        self.name = name
        self.frames: list[JSON] = []
        self.latest: JSON | None = None
        self.send({"type": "hello", "token": token})

    def send(self, message: JSON) -> None:
        """Send a JSON message."""
        self.session.send_text(json.dumps(message))

    def send_raw(self, text: str) -> None:
        """Send a text frame as it is."""
        self.session.send_text(text)

    def recv(self) -> JSON:
        """The next frame."""
        frame: JSON = json.loads(self.session.receive_text())
        self.frames.append(frame)
        if frame["type"] == "state":
            self.latest = frame
        return frame

    def until(self, kind: str, version: int | None = None) -> JSON:
        """Read frames until one of ``kind`` (and ``version``) arrives; return it."""
        while True:
            frame = self.recv()
            if frame["type"] == "error" and kind != "error":
                raise AssertionError(f"{self.name} got an error frame: {frame}")
            if frame["type"] == kind and (version is None or frame.get("version") == version):
                return frame


def play_until(socket: Socket, done: Callable[[JSON], bool], limit: int = 10_000) -> JSON:
    """Play ``policy`` for the socket's seat (once per version) until ``done(frame)``."""
    frame = socket.latest or socket.until("state")
    acted = -1
    for _ in range(limit):
        if done(frame):
            return frame
        if frame["legal"] and frame["version"] > acted:
            acted = frame["version"]
            socket.send({"type": "act", "version": frame["version"], "action": policy(frame)})
        frame = socket.until("state")
    raise AssertionError("play_until: no end")


def game_over(frame: JSON) -> bool:
    """Whether a state frame shows the game over."""
    return bool(frame["view"]["phase"] == "game_over")


def no_traceback(frames: list[JSON]) -> None:
    """No frame carries a Python traceback or exception repr."""
    for frame in frames:
        text = json.dumps(frame)
        assert "Traceback" not in text and 'File "' not in text, text[:500]


# -- hidden cards in frames (the helpers of the conformance suite) ------------------------

def frame_problems(game: GameState, viewer: int | None, frame: JSON, action_text: str | None,
                   hand_ended: bool) -> list[str]:
    """Hidden cards of ``viewer`` named anywhere in a frame sent at ``game``'s state."""
    from conformance.support import card_tokens, deck_of, hidden_mask, secret_texts, view_skip

    deck = deck_of(game)
    secret = secret_texts(deck, hidden_mask(game, viewer))
    if viewer is not None:  # cards the seat passed itself: it held them (their place unsure)
        secret -= set(game.view(viewer).get("passed") or ())
    problems = []
    if frame["view"] != game.view(viewer):
        problems.append(f"the frame's view is not view({viewer})")
    skip = view_skip(game, frame["view"])
    rest = {key: value for key, value in frame.items()
            if key not in ("view", "log", "room", "results")}
    if frame["results"] != results_json(game.results):
        problems.append("the frame's results are not game.results (the last hand's tricks)")
    # the room's title and game name are the game's, not a card ("Rook" is both)
    rest["room"] = {k: v for k, v in frame["room"].items() if k not in ("title", "game")}
    leaked = (card_tokens(frame["view"], skip) | card_tokens(rest)) & secret
    if leaked:
        problems.append(f"view/room/legal name {sorted(leaked)}")
    start = frame["log_start"]
    kinds = [event.kind for event in game.log[start:start + len(frame["log"])]]
    boundary = max((i for i, k in enumerate(kinds) if k == "deal"), default=None)
    own: set[str] = set()
    if hand_ended and action_text is not None:
        rest_text = action_text.partition(" ")[2]
        with contextlib.suppress(ValueError):
            card = deck.parse(rest_text)
            own = {deck.text(card), deck.ascii(card)}
    for index, text in enumerate(frame["log"]):
        if hand_ended and boundary is not None and index < boundary:
            continue  # the closing events of the hand just finished
        found = card_tokens(text) & secret
        if hand_ended and boundary is None:
            found -= own
        if found:
            problems.append(f"log entry {start + index} {text!r} names {sorted(found)}")
    return problems


def check_frames(record: JSON, frames: dict[int | None, list[JSON]]) -> list[str]:
    """Replay ``record`` and check every recorded frame against the state of its version."""
    by_version: dict[int, list[tuple[int | None, JSON]]] = {}
    for viewer, received in frames.items():
        for frame in received:
            if frame["type"] == "state":
                by_version.setdefault(frame["version"], []).append((viewer, frame))
    game = tricktable.new_game(record["game"], seed=record["seed"], options=record["options"],
                               players=record["players"])
    problems: list[str] = []
    actions: list[str | None] = [None, *record["actions"]]
    for version, action in enumerate(actions):
        hands_before = len(game.results)
        if action is not None:
            game.apply(action)
        ended = len(game.results) > hands_before
        for viewer, frame in by_version.get(version, []):
            if frame["seat"] != viewer:
                problems.append(f"v{version}: a frame for {viewer} says seat {frame['seat']}")
            if frame["legal"] and (viewer is None or game.to_move != viewer):
                problems.append(f"v{version}: legal actions sent to {viewer}, not to move")
            problems += [f"v{version} seat {viewer}: {p}"
                         for p in frame_problems(game, viewer, frame, action, ended)]
    return problems


# -- live servers ----------------------------------------------------------------------------

class ThreadServer:
    """The app served by uvicorn in a thread on a free loopback port."""

    def __init__(self, config: ServerConfig, store: Store | None = None) -> None:
        app = create_app(config, store=store)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0,
                                                    log_level="warning", ws_max_size=1 << 20))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "server did not start"
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}"
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


class ProcessServer:
    """``tricktable serve`` as a subprocess (killed for restart tests); without loading the
    compiled solver at start unless ``warm`` (restarts stay quick)."""

    def __init__(self, db: str, *extra: str, warm: bool = False) -> None:
        self.db = db
        self.extra = extra if warm else (*extra, "--no-warm-up")
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.lines: list[str] = []  # what it wrote to stderr
        self.drainer: threading.Thread | None = None  # reads it into ``lines``

    def start(self) -> ProcessServer:
        command = [
            sys.executable, "-c", "from tricktable.cli import main; main()", "serve",
            "--no-browser", "--port", "0", "--db", self.db, *self.extra]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                        text=True, env=env)
        assert self.process.stderr is not None
        deadline = time.monotonic() + 120  # a busy machine takes a while to import it all
        lines = self.lines
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            lines.append(line)
            match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
            if match:
                self.url = match.group(1)
                self.drainer = threading.Thread(target=self._drain, daemon=True)
                self.drainer.start()
                return self
        self.kill()
        raise AssertionError("tricktable serve did not start:\n" + "".join(lines))

    def _drain(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    @property
    def ws_url(self) -> str:
        """The websocket base URL."""
        return self.url.replace("http://", "ws://")

    def kill(self) -> None:
        """Stop it at once (SIGKILL): nothing gets to clean up; ``lines`` then holds all
        it wrote."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=20)
        if self.drainer is not None:
            self.drainer.join(timeout=10)


def unique(prefix: str) -> str:
    """A unique name."""
    return f"{prefix}_{secrets.token_hex(4)}"


Waiter = Callable[[], bool]


def wait_for(condition: Waiter, timeout: float = 10.0, message: str = "condition") -> None:
    """Poll until ``condition()`` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {message}"
        time.sleep(0.01)


class SyncSession:
    """A websockets client with the TestClient session's two methods."""

    def __init__(self, url: str) -> None:
        self.stack = contextlib.ExitStack()
        self.connection = self.stack.enter_context(connect(url, open_timeout=20, max_size=2**22))

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def receive_text(self) -> str:
        message = self.connection.recv(timeout=30)
        return message if isinstance(message, str) else message.decode()

    def close(self) -> None:
        self.stack.close()
