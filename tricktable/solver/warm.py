"""Loading the compiled kernel before anyone waits for it.

numba loads the kernel's machine code from its disk cache at the first solve
in a process (about 2 s of CPU; some 50 s to compile the first time ever).
A server pays that at start, in the background, instead of making the first
player who asks for a hint or sits with a ``strong`` bot wait for it.

>>> warm_up().method
'compiled'
"""

from __future__ import annotations

import logging
import random
import threading
import time

from tricktable.engine.play import TrickGame
from tricktable.engine.registry import game_names, new_game
from tricktable.solver.solve import BudgetExceeded, Solution, SolveError, compiles, solve

log = logging.getLogger(__name__)

CARDS_LEFT = 3  # a position this small solves in a few hundred nodes once loaded
MAX_ACTIONS = 2_000  # random actions tried per game before the next game is tried


def warm_up(seed: int = 0) -> Solution:
    """Solve one small end position (``"score"``, what the bots and hints ask, then
    ``"tricks"``) of every registered game whose play a compiled search takes, reached
    by random play, so that every such search is loaded (the trick kernel, and the race
    to a goal of a game that ends its hand at one); the first score solution is
    returned. Raises LookupError if no game offers such a position."""
    solutions = [solution for name in game_names()
                 if (solution := _warm_game(name, seed)) is not None]
    if not solutions:
        raise LookupError("no registered game reached a position the compiled kernel solves")
    return solutions[0]


def _warm_game(name: str, seed: int) -> Solution | None:
    """A compiled solve of a small end position of game ``name`` (None: none reached)."""
    game = new_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.to_move is None:
            return None
        if isinstance(game, TrickGame) and game.hands[game.to_move].bit_count() <= CARDS_LEFT:
            try:
                solution = solve(game, "score", max_nodes=100_000)
                if solution.method == "compiled":
                    if compiles(game, "tricks"):
                        solve(game, "tricks", max_nodes=100_000)
                    return solution
            except (SolveError, BudgetExceeded):
                pass
        game.apply(rng.choice(game.legal_actions()))
    return None


def warm_up_in_background() -> threading.Thread:
    """Start :func:`warm_up` in a daemon thread; it logs how long the load took."""
    def run() -> None:
        started = time.process_time()
        try:
            warm_up()
        except Exception:  # a failed warm-up only means the first solve pays the load
            log.exception("the compiled solver could not be loaded ahead of need")
            return
        log.info("compiled solver loaded in %.1f s of CPU", time.process_time() - started)

    thread = threading.Thread(target=run, name="warm-solver", daemon=True)
    thread.start()
    return thread
