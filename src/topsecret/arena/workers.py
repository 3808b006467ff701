"""Games of a run played here or on local worker processes, in a fixed order, and stopped
at once by Ctrl-C with the finished ones kept (``simulate`` and ``tournament`` share it)."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from .progress import GameProgress

Job = TypeVar("Job")
Outcome = TypeVar("Outcome")


def _numbered(play: Callable[[Job], Outcome], numbered: tuple[int, Job]) -> tuple[int, Outcome]:
    number, job = numbered
    return number, play(job)


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the run's own process, which the terminal interrupts too
    and which stops every worker at once (a worker interrupted alone would print a
    traceback and lose its game)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_all(
    work: Sequence[Job],
    here: Callable[[Job], Outcome],
    there: Callable[[Job], Outcome],
    jobs: int,
    bar: GameProgress,
) -> list[Outcome | None]:
    """Every job's outcome, in the order of ``work``: by ``here`` in this process when
    ``jobs`` is 1, else by ``there`` (a module-level function, which worker processes can
    be sent) on ``jobs`` processes. Interrupted (Ctrl-C), the run stops at once and the jobs
    it had not finished are ``None``."""
    outcomes: list[Outcome | None] = [None] * len(work)
    if jobs == 1:
        with bar:
            task = bar.add_task("games", total=len(work))
            try:
                for number, job in enumerate(work):
                    outcomes[number] = here(job)
                    bar.advance(task)
            except KeyboardInterrupt:
                pass  # the finished games are reported
        return outcomes
    # The workers start here, before the bar's refresh thread exists, so none is forked
    # while that thread holds a lock.
    pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts)
    try:
        with bar:
            task = bar.add_task("games", total=len(work))
            for number, outcome in pool.imap_unordered(partial(_numbered, there), enumerate(work)):
                outcomes[number] = outcome
                bar.advance(task)
    except KeyboardInterrupt:
        pass  # the finished games are reported; the workers stop now
    finally:
        # Every result read, or none wanted any more: no worker has anything left to do.
        pool.terminate()
        pool.join()
    return outcomes


__all__ = ["play_all"]
