"""The progress bar long arena runs show on standard error."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


def progress_bar(label: str, console: Console | None) -> Progress:
    """A bar counting games with the time left; silent when ``console`` is ``None`` or not a
    terminal (a pipe or a file would get no bar, only the blank line it leaves behind)."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console or Console(stderr=True),
        transient=True,
        disable=console is None or not console.is_terminal,
    )
