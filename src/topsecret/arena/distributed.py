"""Tournaments on a Ray cluster: the same schedule as local runs, played by Ray tasks.

``topsecret tournament ... --ray ADDRESS`` (or ``--ray local``) hands the games of a
:class:`~topsecret.arena.tournament.Schedule` to Ray instead of local processes. Nothing
about a game depends on where it is played: its seed and line-up are fixed by the schedule,
each task plays its games with :func:`~topsecret.arena.tournament.play_scheduled`, and the
records are put back in schedule order before any rating is computed. So a run on a cluster
gives the same ratings, JSON and CSV, byte for byte, as ``--jobs 1`` with the same seed.

The address is what :func:`ray.init` takes: ``local`` starts a private Ray instance on this
machine (``cpus`` caps its worker count) and stops it afterwards; ``auto`` joins the cluster
this machine belongs to (after ``ray start``); ``HOST:PORT`` joins the cluster whose head node
listens there (checked first, since Ray itself would retry an unreachable address for
minutes). Ray Client addresses (``ray://HOST:10001``) work where ``ray[client]`` is installed.
An already initialised Ray (a notebook that called ``ray.init`` itself) is used as it is and
left running.

Every node must run the same ``topsecret`` version as the driver, since that is what plays
the games; each task checks it and the run stops with a clear error otherwise.

Ray is the optional ``distributed`` extra and is imported only here, when a run asks for it.
"""

from __future__ import annotations

import importlib
import logging
import math
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rich.console import Console

from .. import __version__
from ..core import TopSecretError
from ..core.errors import N_
from ..i18n import locale_translator
from .progress import progress_bar

#: The address that starts a Ray instance on this machine for one run.
LOCAL = "local"

#: How to get Ray, said whenever it is missing.
INSTALL_HINT = "pip install -e '.[distributed]'"

#: Games handed to one Ray task at most: enough to make a task's overhead (about a
#: millisecond) small next to its games, few enough for the progress bar to move.
MAX_CHUNK = 16


def require_ray() -> None:
    """Raise a :class:`TopSecretError` that says how to install Ray if it is missing."""
    try:
        importlib.import_module("ray")
    except ImportError as exc:
        raise TopSecretError.of(
            N_("--ray needs the ray package ({reason}): {install}"),
            reason=str(exc),
            install=INSTALL_HINT,
        ) from None


def chunks(total: int, workers: int) -> list[range]:
    """Consecutive slices of ``range(total)``, about four per worker, none over
    :data:`MAX_CHUNK` games, so a slow chunk does not leave the other workers idle at the end.

    >>> chunks(10, 1)
    [range(0, 3), range(3, 6), range(6, 9), range(9, 10)]
    >>> [len(c) for c in chunks(100, 2)]
    [13, 13, 13, 13, 13, 13, 13, 9]
    """
    if total <= 0:
        return []
    size = max(1, min(MAX_CHUNK, math.ceil(total / (4 * max(1, workers)))))
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


def _play_chunk(version: str, play: Callable[[Any], Any], jobs: Sequence[Any]) -> list[Any]:
    """Play some scheduled games on a Ray worker, after checking it runs the driver's version."""
    if version != __version__:
        raise TopSecretError.of(
            N_(
                "a Ray worker runs topsecret {worker} but the driver runs {driver}: install the "
                "same version on every node"
            ),
            worker=__version__,
            driver=version,
        )
    return [play(job) for job in jobs]


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail at once, with the reason, if ``HOST:PORT`` takes no connection.

    ``local``, ``auto`` and ``ray://`` addresses are left to Ray.
    """
    if address in (LOCAL, "auto") or "://" in address:
        return
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise TopSecretError.of(
            N_(
                "--ray {address}: expected local, auto or the head node's HOST:PORT (as `ray "
                "start --head` prints it)"
            ),
            address=address,
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise TopSecretError.of(
            N_(
                "--ray {address}: no Ray head node answers there ({reason}); start one with "
                "`ray start --head` and give the address it prints"
            ),
            address=address,
            reason=str(exc),
        ) from None


@contextmanager
def connected(address: str, cpus: int | None) -> Iterator[Any]:
    """Ray, initialised for ``address`` for the time of the block.

    Stops only what it started: a local instance it created, or its own connection.
    """
    require_ray()
    import ray

    if ray.is_initialized():
        yield ray
        return
    if address != LOCAL and cpus is not None:
        raise TopSecretError.of(
            N_(
                "--jobs sets the size of a local Ray instance only; a cluster's workers are "
                "set by `ray start` on its nodes"
            )
        )
    check_reachable(address)
    try:
        ray.init(
            address=address,
            num_cpus=cpus if address == LOCAL else None,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=True,
            logging_level=logging.WARNING,
        )
    except (ConnectionError, ValueError, RuntimeError) as exc:
        raise TopSecretError.of(
            N_("--ray {address}: could not start or join Ray ({reason})"),
            address=address,
            reason=str(exc),
        ) from None
    try:
        yield ray
    finally:
        ray.shutdown()


def run_on_ray(
    label: str,
    jobs: Sequence[Any],
    play: Callable[[Any], Any],
    address: str,
    cpus: int | None = None,
    progress: Console | None = None,
) -> list[Any]:
    """``[play(job) for job in jobs]``, computed by Ray tasks, in the order of ``jobs``.

    ``play`` must be a module-level function the workers can import (it is sent by
    reference), and ``jobs`` plain picklable data.
    """
    results: list[Any] = [None] * len(jobs)
    with connected(address, cpus) as ray:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(num_cpus=1)(_play_chunk)
        pending = {
            remote.remote(__version__, play, [jobs[i] for i in part]): part
            for part in chunks(len(jobs), workers)
        }
        on_ray = locale_translator().ngettext(
            "{label} on Ray ({count} CPU)", "{label} on Ray ({count} CPUs)", workers
        )
        bar = progress_bar(on_ray.format(label=label, count=workers), progress)
        with bar:
            task = bar.add_task("games", total=len(jobs))
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    part = pending.pop(ref)
                    try:
                        played = ray.get(ref)
                    except ray.exceptions.RayError as exc:
                        raise TopSecretError.of(
                            N_(
                                "--ray {address}: a task playing games {first}-{last} failed: "
                                "{cause}"
                            ),
                            address=address,
                            first=part.start,
                            last=part.stop - 1,
                            cause=_cause(exc),
                        ) from None
                    for index, result in zip(part, played, strict=True):
                        results[index] = result
                    bar.advance(task, len(part))
    return results


def _cause(exc: BaseException) -> str:
    """What went wrong on the worker, as ``Type: message``, without Ray's traceback."""
    cause = getattr(exc, "cause", None)
    error = cause if isinstance(cause, BaseException) else exc
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[-1]}" if lines else type(error).__name__
