"""`topsecret --version`, and help texts that say what an option does when it is left out."""

from __future__ import annotations

from importlib.metadata import version

from .commands import run


def test_version_prints_the_installed_package_version() -> None:
    """When the user runs `topsecret --version`, then it prints the installed version."""
    result = run("--version")
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"topsecret {version('topsecret')}\n",
        "",
    )


def test_the_help_of_simulate_gives_the_default_number_of_seats() -> None:
    result = run("simulate", "--help")
    assert result.returncode == 0, result.stderr
    assert "Seats (default 4 or nearest)." in result.stdout


def test_no_command_still_shows_the_help() -> None:
    result = run()
    assert "Usage" in result.stdout and "simulate" in result.stdout
