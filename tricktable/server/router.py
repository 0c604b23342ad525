"""Several processes: a client may connect to any of them and is served by the room's owner.

A room is served by the process that holds its lease in the store (see
:meth:`tricktable.store.base.Store.claim`). Every process listens on its own
Redis channel, ``tricktable:node:<node>``. A process asked for a room another
live process holds relays the connection: it publishes the client's hello,
messages and leaving to the owner's channel, and the owner attaches a
:class:`RemoteClient` whose frames it publishes back to the relaying
process's channel, in order (lila-ws and Colyseus route the same way). A
join on the API is relayed as a request with a reply.

Each process also keeps ``tricktable:alive:<node>`` in Redis (renewed every
2 s, gone 10 s after it stops): an owner drops the remote clients of a relay
that died. A relay checks every 2 s that the owner still holds the lease,
and when it has lost it (died, or stalled and was taken over) closes the
client's socket with 4409 so it reconnects and is served by the new owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis

from tricktable.server import protocol
from tricktable.server.common import MOVED_CLOSE, Client, RoomError, ServerConfig
from tricktable.server.protocol import JSON, Hello, Message
from tricktable.store.base import holder_gone

if TYPE_CHECKING:
    from tricktable.server.manager import Rooms

log = logging.getLogger("tricktable.server")

ALIVE_SECONDS = 10.0  # a process's alive key outlives its last renewal by this much
CHECK_SECONDS = 2.0  # how often relays check owners and owners check relays
REPLY_SECONDS = 5.0  # how long a relayed join waits for the owner's answer


def channel(node: str) -> str:
    """The Redis channel a process listens on."""
    return f"tricktable:node:{node}"


def alive_key(node: str) -> str:
    """The Redis key that says a process runs."""
    return f"tricktable:alive:{node}"


class RemoteClient(Client):
    """A client connected to another process: its frames go back through Redis."""

    def __init__(self, router: Router, relay: str, conn: str) -> None:
        super().__init__()
        self.router, self.relay, self.conn = router, relay, conn

    def deliver(self, text: str) -> None:
        self.router.post(self.relay, {"op": "frame", "conn": self.conn, "text": text})

    def close(self) -> None:
        self.end(1013, "too far behind: reconnect")

    def end(self, code: int, reason: str) -> None:
        self.router.post(self.relay, {"op": "end", "conn": self.conn, "code": code,
                                      "reason": reason})
        self.router.remote.pop((self.relay, self.conn), None)


class RelayedRoom:
    """This process's side of a connection to a room another process serves."""

    def __init__(self, router: Router, room_id: str, owner: str, config: ServerConfig) -> None:
        self.router, self.id, self.owner, self.config = router, room_id, owner, config
        self.conn = secrets.token_hex(8)
        self.version: int | None = None
        self.client: Client | None = None
        self.watch: asyncio.Task[None] | None = None

    def attach(self, client: Client, hello: Hello) -> None:
        """Pass the hello on to the owner (the first one starts the relay)."""
        if self.client is None:
            self.client = client
            self.router.relays[self.conn] = self
            self.watch = asyncio.get_running_loop().create_task(self._watch_owner())
        self.router.post(self.owner, {"op": "attach", "conn": self.conn, "room": self.id,
                                      "token": hello.token, "relay": self.router.node})

    def receive(self, client: Client, message: Message) -> None:
        """Pass a message on to the owner."""
        self.router.post(self.owner, {"op": "message", "conn": self.conn,
                                      "relay": self.router.node,
                                      "message": protocol.message_json(message)})

    def leave(self, client: Client) -> None:
        """The connection closed: tell the owner, stop watching."""
        self.router.post(self.owner, {"op": "leave", "conn": self.conn,
                                      "relay": self.router.node})
        self.router.relays.pop(self.conn, None)
        if self.watch is not None:
            self.watch.cancel()

    async def _watch_owner(self) -> None:
        rooms = self.router.rooms
        while True:
            await asyncio.sleep(CHECK_SECONDS)
            try:
                lease = await rooms.in_store(rooms.store.lease, self.id)
            except Exception:
                log.warning("room %s: cannot read its lease", self.id, exc_info=True)
                continue
            if lease is None or lease[0] != self.owner or holder_gone(lease[0], lease[1],
                                                                      time.time()):
                log.info("room %s: its owner %s is gone; the client reconnects", self.id,
                         self.owner)
                if self.client is not None:
                    self.client.send(protocol.error_frame(
                        "moved", "the server process of this room stopped: reconnect", None))
                    self.client.end(MOVED_CLOSE, "the room moved: reconnect")
                return


class Router:
    """This process's Redis link to the others."""

    def __init__(self, url: str, rooms: Rooms) -> None:
        self.url = url
        self.rooms = rooms
        self.node = rooms.node
        self.redis: Redis = Redis.from_url(url)
        self.outbox: asyncio.Queue[tuple[str, JSON]] = asyncio.Queue()
        self.relays: dict[str, RelayedRoom] = {}  # conn: relayed connections here
        self.remote: dict[tuple[str, str], tuple[RemoteClient, str]] = {}  # (relay, conn)
        self.replies: dict[str, asyncio.Future[JSON]] = {}
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        """Subscribe to this process's channel, start publishing and the checks."""
        await self.redis.ping()
        await self.redis.set(alive_key(self.node), "1", ex=int(ALIVE_SECONDS))
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(channel(self.node))
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._listen(pubsub)), loop.create_task(self._publish()),
                      loop.create_task(self._check_relays())]

    async def close(self) -> None:
        """Stop: relayed clients reconnect elsewhere."""
        for relay in list(self.relays.values()):
            if relay.client is not None:
                relay.client.end(MOVED_CLOSE, "the server is stopping: reconnect")
        await asyncio.sleep(0.05)
        for task in self.tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await self.redis.delete(alive_key(self.node))
        await self.redis.aclose()

    def post(self, node: str, message: JSON) -> None:
        """Publish a message to a process, after those posted before it."""
        self.outbox.put_nowait((node, message))

    async def _publish(self) -> None:
        while True:
            node, message = await self.outbox.get()
            try:
                await self.redis.publish(channel(node), json.dumps(message))
            except Exception:
                log.warning("publishing to %s failed", node, exc_info=True)

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                async for item in pubsub.listen():
                    if item.get("type") == "message":
                        await self._handle(json.loads(item["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the Redis subscription failed; subscribing again")
                await asyncio.sleep(1)
                with contextlib.suppress(Exception):
                    await pubsub.subscribe(channel(self.node))

    async def _handle(self, message: JSON) -> None:
        op = message.get("op")
        if op in ("frame", "end"):
            relay = self.relays.get(str(message.get("conn")))
            if relay is None or relay.client is None:
                return
            if op == "frame":
                relay.client.deliver(str(message["text"]))
            else:
                relay.client.end(int(message["code"]), str(message["reason"]))
        elif op == "reply":
            future = self.replies.pop(str(message.get("id")), None)
            if future is not None and not future.done():
                future.set_result(message)
        elif op == "attach":
            await self._attach(message)
        elif op == "message":
            found = self.remote.get((str(message["relay"]), str(message["conn"])))
            if found is not None:
                client, room_id = found
                room = self.rooms.rooms.get(room_id)
                try:
                    parsed = protocol.parse_message(json.dumps(message["message"]))
                except protocol.ProtocolError as error:
                    client.send(protocol.error_frame(error.code, str(error), None))
                    return
                if room is not None:
                    room.receive(client, parsed)
        elif op == "leave":
            found = self.remote.pop((str(message["relay"]), str(message["conn"])), None)
            if found is not None:
                room = self.rooms.rooms.get(found[1])
                if room is not None:
                    room.leave(found[0])
        elif op == "join":
            asyncio.get_running_loop().create_task(self._join(message))

    async def _attach(self, message: JSON) -> None:
        relay, conn, room_id = str(message["relay"]), str(message["conn"]), str(message["room"])
        client = RemoteClient(self, relay, conn)
        try:
            room = await self.rooms.get(room_id)
        except RoomError as error:  # RoomElsewhere: it moved on meanwhile
            room = None
            log.info("room %s: not attached here: %s", room_id, error)
        if room is None:
            client.send(protocol.error_frame("moved", "reconnect", None))
            client.end(MOVED_CLOSE, "the room moved: reconnect")
            return
        self.remote[(relay, conn)] = (client, room_id)
        room.attach(client, Hello(message.get("token")))

    async def _join(self, message: JSON) -> None:
        answer: JSON = {"op": "reply", "id": message["id"]}
        try:
            room = await self.rooms.get(str(message["room"]))
            if room is None:
                raise RoomError("no such room")
            seat, token = await room.join(str(message["name"]), message.get("seat"),
                                          message.get("player"))
            answer.update(seat=seat, token=token, room=room.public())
        except RoomError as error:
            answer["error"] = str(error)
        self.post(str(message["relay"]), answer)

    async def join(self, owner: str, room_id: str, name: str, seat: int | None,
                   player: str | None = None) -> JSON:
        """Ask the owner of a room to seat someone (``player``: their id, never their key);
        its answer (``error`` if refused)."""
        request_id = secrets.token_hex(8)
        future: asyncio.Future[JSON] = asyncio.get_running_loop().create_future()
        self.replies[request_id] = future
        self.post(owner, {"op": "join", "id": request_id, "room": room_id, "name": name,
                          "seat": seat, "player": player, "relay": self.node})
        try:
            return await asyncio.wait_for(future, REPLY_SECONDS)
        except TimeoutError:
            raise RoomError("the process serving this room did not answer: try again"
                            ) from None
        finally:
            self.replies.pop(request_id, None)

    async def _check_relays(self) -> None:
        """Renew this process's alive key; drop remote clients whose relay died."""
        while True:
            await asyncio.sleep(CHECK_SECONDS)
            try:
                await self.redis.set(alive_key(self.node), "1", ex=int(ALIVE_SECONDS))
                relays = sorted({relay for relay, _conn in self.remote})
                if not relays:
                    continue
                alive = await self.redis.exists(*[alive_key(r) for r in relays]) == len(relays)
                if alive:
                    continue
                for relay in relays:
                    if not await self.redis.exists(alive_key(relay)):
                        self._drop_relay(relay)
            except Exception:
                log.warning("checking the relays failed", exc_info=True)

    def _drop_relay(self, relay: str) -> None:
        log.info("the process %s stopped: its clients leave their rooms", relay)
        for key, (client, room_id) in list(self.remote.items()):
            if key[0] == relay:
                del self.remote[key]
                room = self.rooms.rooms.get(room_id)
                if room is not None:
                    room.leave(client)
