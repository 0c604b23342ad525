"""``tricktable serve``: the web app on 127.0.0.1, bots ready, games saved.

The server's libraries are imported only when the command runs, so the rest
of the command line works without them (``pip install -e '.[server]'``).
"""

from __future__ import annotations

import asyncio
import copy
import faulthandler
import ipaddress
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import webbrowser
from typing import Any

import click

LOOPBACK_NAMES = ("localhost",)
ORPHAN_POLL = 0.5  # seconds between a worker's looks at whether its supervisor lives
ORPHAN_GRACE = 10.0  # seconds an orphaned worker gets to shut down before it is forced out


def is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback name or address.

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def keep_crash_stacks() -> bool:
    """Have a fatal error (a segmentation fault in compiled code, say) write every
    thread's Python stack to stderr, the server's log, unless that is already set up
    (``python -X faulthandler``); returns whether it is on (stderr may have no file).

    >>> keep_crash_stacks() and faulthandler.is_enabled()
    True
    """
    if not faulthandler.is_enabled():
        try:
            faulthandler.enable(all_threads=True)
        except (RuntimeError, ValueError, OSError):  # no stderr, or one without a file
            return False
    return True


def configure_logging(level: str) -> None:
    """Send tricktable's log lines to stderr, with time and level, from ``level`` up.

    >>> configure_logging("info"); logging.getLogger("tricktable").level == logging.INFO
    True
    """
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    logger = logging.getLogger("tricktable")
    logger.handlers[:] = [handler]
    logger.setLevel(level.upper())
    logger.propagate = False


def uvicorn_log_config() -> dict[str, Any]:
    """Uvicorn's own logging, its lines stamped with the time as tricktable's are, without
    the websocket library's frames (:class:`NoFrames`)."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    for formatter in config["formatters"].values():
        formatter["fmt"] = "%(asctime)s " + formatter["fmt"]
    config["filters"] = {"no_frames": {"()": NoFrames}}
    for handler in config["handlers"].values():
        handler["filters"] = ["no_frames"]
    return config


class NoFrames(logging.Filter):
    """Drops the debug lines of the ``websockets`` library, which uvicorn logs at
    ``--log-level debug``: they print every frame whole, with a seat's hand, its moves
    and the token that takes the seat."""

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a debug line written by the websockets package."""
        library = f"{os.sep}websockets{os.sep}"
        return record.levelno > logging.DEBUG or library not in record.pathname


def shared_socket(host: str, port: int) -> socket.socket:
    """A socket bound with SO_REUSEPORT: each worker binds its own, the kernel shares out
    the connections."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


def supervise(workers: int, host: str, port: int, argv: list[str]) -> None:
    """Run ``workers`` processes of this command on one port, restarting any that dies."""
    reserved = shared_socket(host, port)  # keeps the port (0: a free one) while they start
    port = reserved.getsockname()[1]
    command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve",
               *argv, "--workers", "1", "--port", str(port), "--reuse-port", "--no-browser"]
    children: list[subprocess.Popen[bytes]] = [subprocess.Popen(command)
                                               for _ in range(workers)]
    shown = f"[{host}]" if ":" in host else host
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # one of them listens
        try:
            socket.create_connection((host, port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    click.echo(f"tricktable is at http://{shown}:{port}/ in {workers} processes", err=True)
    try:
        while True:
            time.sleep(0.5)
            for index, child in enumerate(children):
                if child.poll() is not None:
                    logging.getLogger("tricktable.server").warning(
                        "worker %d (pid %d) stopped with %s; starting another", index,
                        child.pid, child.returncode)
                    children[index] = subprocess.Popen(command)
    except KeyboardInterrupt:
        pass
    finally:
        for child in children:
            child.send_signal(signal.SIGINT)
        for child in children:
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
        reserved.close()


async def _orphan_watch(server: Any, parent: int) -> None:
    """Stop this worker of ``--workers`` once its supervisor (``parent``) is gone: cleanly
    if it can (rooms saved, store closed), by ``os._exit`` after ``ORPHAN_GRACE`` seconds
    if something holds the shutdown up (as SIGKILL would, so the supervisor's replacement
    never meets a worker that outlived its own)."""
    while os.getppid() == parent:
        await asyncio.sleep(ORPHAN_POLL)
    logging.getLogger("tricktable.server").warning(
        "the supervisor (pid %d) is gone: this worker stops", parent)
    server.should_exit = True
    deadline = threading.Timer(ORPHAN_GRACE, os._exit, args=(1,))
    deadline.daemon = True
    deadline.start()


async def _serve(app: Any, host: str, port: int, log_level: str, open_browser: bool,
                 reuse_port: bool = False) -> None:
    import uvicorn

    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, lifespan="on",
                            ws_max_size=1 << 20, ws_ping_interval=20, ws_ping_timeout=30,
                            log_config=uvicorn_log_config())
    server = uvicorn.Server(config)
    sockets = [shared_socket(host, port)] if reuse_port else None
    task = asyncio.get_running_loop().create_task(server.serve(sockets=sockets))
    if reuse_port:  # a worker of --workers: it stops when its supervisor is gone
        watch = asyncio.get_running_loop().create_task(_orphan_watch(server, os.getppid()))
        task.add_done_callback(lambda _task: watch.cancel())
    while not server.started and not task.done():
        await asyncio.sleep(0.05)
    if server.started:
        bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
        shown = f"[{host}]" if ":" in host else host
        url = f"http://{shown}:{bound}/"
        click.echo(f"tricktable is at {url}  (Ctrl+C stops it)", err=True)
        if open_browser:
            await asyncio.to_thread(webbrowser.open, url)
    await task


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="address to listen on (keep it on loopback unless you mean to share)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="port (0: any free port)")
@click.option("--db", default=None, metavar="URL",
              help="database: a SQLite path or URL, postgresql://..., or 'memory' "
                   "(default: SQLite in ~/.local/share/tricktable)")
@click.option("--no-browser", is_flag=True, help="do not open the lobby in a browser")
@click.option("--bot-delay", default=0.8, show_default=True, type=click.FloatRange(0, 30),
              help="seconds a bot waits before it plays")
@click.option("--away-timeout", default=60.0, show_default=True,
              type=click.FloatRange(1, 86_400),
              help="seconds before a bot plays for a human who left")
@click.option("--bot-workers", default=2, show_default=True, type=click.IntRange(1, 64),
              help="threads the bots think in")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@click.option("--rooms-per-minute", default=20.0, show_default=True,
              type=click.FloatRange(min=0.1), help="new rooms one client address may make a minute")
@click.option("--all-rooms-per-minute", default=600.0, show_default=True,
              type=click.FloatRange(min=0.1), help="new rooms all addresses may make a minute")
@click.option("--redis", default=None, metavar="URL",
              help="Redis (redis://host:6379/0) through which several processes, on one "
                   "machine or many, serve the rooms of one database")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="processes on this machine, sharing the port (needs --redis)")
@click.option("--no-warm-up", is_flag=True,
              help="do not load the compiled solver at start (the first hint or strong "
                   "bot then waits a few seconds for it)")
@click.option("--reuse-port", is_flag=True, hidden=True,
              help="bind with SO_REUSEPORT (how --workers starts each process)")
def serve(host: str, port: int, db: str | None, no_browser: bool, bot_delay: float,
          away_timeout: float, bot_workers: int, log_level: str, rooms_per_minute: float,
          all_rooms_per_minute: float, redis: str | None, workers: int,
          no_warm_up: bool, reuse_port: bool) -> None:
    """Start the web app: a lobby, rooms, bots and a card table in the browser."""
    keep_crash_stacks()  # a crash (say in the solver's native code) leaves its stacks in the log
    try:
        from tricktable.server import ServerConfig, create_app
        from tricktable.store import StoreError, open_store
    except ImportError as error:  # pragma: no cover - depends on the install
        raise click.ClickException(
            f"the server needs its libraries ({error.name}): pip install -e '.[server]'"
        ) from None
    if (workers > 1 or redis) and db == "memory":
        raise click.ClickException("several processes share rooms through a database: "
                                   "give --db a SQLite file or postgresql://...")
    if workers > 1 and not redis:
        raise click.ClickException("--workers needs --redis: the processes pass each "
                                   "other the clients of the rooms they serve through it")
    if workers > 1:
        configure_logging(log_level)
        try:  # migrate once, before the workers open it
            open_store(db).close()
        except StoreError as error:
            raise click.ClickException(str(error)) from None
        argv = ["--host", host, "--bot-delay", str(bot_delay), "--away-timeout",
                str(away_timeout), "--bot-workers", str(bot_workers), "--log-level", log_level,
                "--rooms-per-minute", str(rooms_per_minute), "--all-rooms-per-minute",
                str(all_rooms_per_minute), "--redis", str(redis),
                *(["--no-warm-up"] if no_warm_up else [])]
        supervise(workers, host, port, [*argv, "--db", db] if db else argv)
        return
    configure_logging(log_level)
    try:
        store = open_store(db)
    except StoreError as error:
        raise click.ClickException(str(error)) from None
    where = getattr(store, "url", "memory")
    click.echo(f"games are saved in {where}", err=True)
    config = ServerConfig(db=db, bot_delay=bot_delay, away_timeout=away_timeout,
                          bot_workers=bot_workers, rooms_per_minute=rooms_per_minute,
                          rooms_burst=max(1, min(1000, round(rooms_per_minute))),
                          all_rooms_per_minute=all_rooms_per_minute,
                          allowed_hosts=None if is_loopback(host) else ["*"], redis=redis,
                          warm_solver=not no_warm_up, settle_heap=True)
    try:
        asyncio.run(_serve(create_app(config, store=store), host, port, log_level,
                           not no_browser, reuse_port))
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
