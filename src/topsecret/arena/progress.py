"""The progress long arena runs show on standard error: a bar on a terminal, a line now and
then in a log (a pipe or a file), so a long run under ``nohup`` or CI still shows its pace."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType
from typing import Protocol

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..i18n import locale_translator

#: Seconds before a log gets its first line: a short run writes nothing at all.
FIRST_LINE_AFTER = 10.0
#: Seconds between two lines in a log.
LINE_EVERY = 30.0


class GameProgress(Protocol):
    """What the arena's loops use of a progress display (as Rich's ``Progress`` has it)."""

    def __enter__(self) -> GameProgress: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None: ...

    def add_task(self, description: str, total: float | None = ...) -> int: ...

    def advance(self, task_id: int, advance: float = ...) -> None: ...


def progress_bar(label: str, console: Console | None) -> GameProgress:
    """Games counted with the time left: a bar on a terminal, a line every
    :data:`LINE_EVERY` seconds in a log once a run has lasted :data:`FIRST_LINE_AFTER`
    (the bar would leave only a blank line there); silent when ``console`` is ``None``."""
    if console is not None and not console.is_terminal:
        return LineProgress(label, console)
    return Progress(  # type: ignore[return-value]  # Rich's task ids are ints
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console or Console(stderr=True),
        transient=True,
        disable=console is None,
    )


def duration(seconds: float) -> str:
    """A time as a person reads it in a log: "45 s", "3 min 05 s", "2 h 10 min"."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole // 60 % 60:02d} min"


class LineProgress:
    """Progress for a log: a line now and then with the games done and the time left, and a
    last line with the whole run's time if any line was written."""

    def __init__(
        self,
        label: str,
        console: Console,
        clock: Callable[[], float] = time.monotonic,
        first_after: float = FIRST_LINE_AFTER,
        every: float = LINE_EVERY,
    ) -> None:
        self.label = label
        self.console = console
        self.clock = clock
        self.first_after = first_after
        self.every = every
        self.total = 0
        self.done = 0
        self.started = 0.0
        self.next_line = 0.0
        self.lines = 0

    def __enter__(self) -> LineProgress:
        self.started = self.clock()
        self.next_line = self.started + self.first_after
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.lines and kind is None:
            text = locale_translator().gettext("{label}: {total} games in {time}")
            elapsed = duration(self.clock() - self.started)
            self._write(text.format(label=self.label, total=self.total, time=elapsed))

    def add_task(self, description: str, total: float | None = None) -> int:
        self.total = int(total or 0)
        return 0

    def advance(self, task_id: int, advance: float = 1) -> None:
        self.done += int(advance)
        now = self.clock()
        if now < self.next_line or self.done >= self.total:
            return
        self.next_line = now + self.every
        left = (now - self.started) / self.done * (self.total - self.done)
        text = locale_translator().gettext("{label}: {done}/{total} games, about {time} left")
        self._write(
            text.format(label=self.label, done=self.done, total=self.total, time=duration(left))
        )

    def _write(self, line: str) -> None:
        self.lines += 1
        self.console.print(escape(line), highlight=False, soft_wrap=True)
