"""Running ``topsecret`` as a user does, in a child process, for the command-line tests."""

from __future__ import annotations

import os
import subprocess
import sys


def run(
    *args: str, input_text: str = "", cwd: str | None = None, columns: int = 300
) -> subprocess.CompletedProcess[str]:
    """``topsecret ARGS`` in English, with a wide terminal (unless ``columns`` says otherwise)
    so that no line is wrapped."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    environ.update({"LANG": "C.UTF-8", "COLUMNS": str(columns)})
    return subprocess.run(
        [sys.executable, "-m", "topsecret.cli", *args],
        capture_output=True,
        text=True,
        input=input_text,
        env=environ,
        cwd=cwd,
        timeout=300,
    )


def refused(result: subprocess.CompletedProcess[str], message: str) -> None:
    """The command printed exactly one error line, exit code 2, and nothing else."""
    assert (result.returncode, result.stderr, result.stdout) == (2, f"error: {message}\n", "")
