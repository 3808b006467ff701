"""Seeded games whose every move is kept, so that a change meant only to tidy the bots' code
can prove it changed no decision: the same seeds must give the same moves.

``decisions.json`` beside this file holds the moves recorded on the code whose strengths
docs/bots.md reports. Regenerate it only when a decision is meant to change, whole or the
cases named:

    .venv/bin/python -m tests.bots.decision_record
    .venv/bin/python -m tests.bots.decision_record spyworld-paired-10
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from topsecret.arena.match import play_match
from topsecret.games import get_game

RECORD = Path(__file__).with_name("decisions.json")

#: The briefcase search at its "hard" strength (86.3% over 342 games, docs/bots.md).
BRIEFCASE_PAIRED = "ismcts:iterations=120:opponents=heuristic:guided=200:paired=6"
#: The tree search with the opponent model, at a small budget.
BRIEFCASE_TREE = "ismcts:iterations=30:opponents=heuristic:guided=200"
#: The real-time search of the winking game, kept small.
WINK_SEARCH = "ismcts:iterations=4:widen=1"
#: SpyWorld's paired search, kept small.
SPYWORLD_PAIRED = "ismcts:iterations=4:paired=2:opponents=heuristic:guided=200"
BRIEFCASE_PAIRED_SMALL = "ismcts:iterations=12:opponents=heuristic:guided=200:paired=3"
WINK_SEARCH_SMALL = "ismcts:iterations=2:widen=1"
SPYWORLD_PAIRED_SMALL = "ismcts:iterations=2:paired=2:opponents=heuristic:guided=20"


@dataclass(frozen=True, slots=True)
class Case:
    """One seeded game: its name in the record, and how to play it again."""

    name: str
    game: str
    bots: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    #: Too long for the default run (more than a few seconds on a quiet machine).
    slow: bool = False


CASES: tuple[Case, ...] = (
    Case("briefcase-paired-1", "briefcase", (BRIEFCASE_PAIRED, "heuristic"), 1, slow=True),
    Case("briefcase-paired-2", "briefcase", ("heuristic", BRIEFCASE_PAIRED), 2, slow=True),
    Case("briefcase-paired-3", "briefcase", (BRIEFCASE_PAIRED, "heuristic"), 3, slow=True),
    Case("briefcase-tree-4", "briefcase", (BRIEFCASE_TREE, "heuristic"), 4, slow=True),
    Case("briefcase-rollout-5", "briefcase", ("rollout", "heuristic"), 5),
    Case("briefcase-rollout-6", "briefcase", ("heuristic", "rollout", "rollout"), 6),
    Case(
        "briefcase-rollout-owner-7",
        "briefcase",
        ("rollout", "heuristic", "rollout", "heuristic"),
        7,
        (("hq_win", "owner"),),
    ),
    Case("briefcase-heuristic-8", "briefcase", ("heuristic",) * 4, 8),
    Case("briefcase-rollout-alone-14", "briefcase", ("rollout",) * 3, 14),
    Case("wink-search-9", "wink", (WINK_SEARCH, *("heuristic",) * 4), 9, slow=True),
    Case("spyworld-paired-10", "spyworld", (SPYWORLD_PAIRED, "heuristic"), 10, slow=True),
    # Smaller budgets of the same searches, quick enough for every run of the tests.
    Case("briefcase-paired-small-11", "briefcase", (BRIEFCASE_PAIRED_SMALL, "heuristic"), 11),
    Case("wink-search-small-12", "wink", (WINK_SEARCH_SMALL, *("heuristic",) * 3), 12),
    Case("spyworld-paired-small-13", "spyworld", ("heuristic", SPYWORLD_PAIRED_SMALL), 13),
)


def moves(case: Case) -> list[str]:
    """Every move of the case's game, one line each: the seat, the time on a real-time
    table, and the action's fields as the log stores them."""
    game = get_game(case.game)
    result = play_match(game, len(case.bots), list(case.bots), case.seed, dict(case.options))
    lines = []
    for entry in result.log.actions:
        when = "" if entry.time is None else f"@{entry.time:g}"
        fields = " ".join(
            f"{key}={_compact(value)}"
            for key, value in sorted(entry.action.items())
            if key != "type"
        )
        lines.append(f"{entry.seat}{when} {entry.action.get('type')} {fields}".rstrip())
    return lines


def _compact(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def main() -> None:
    parser = argparse.ArgumentParser(description="Record the seeded games' moves.")
    parser.add_argument("cases", nargs="*", help="names of the cases to record again (all)")
    args = parser.parse_args()
    known = {case.name: case for case in CASES}
    unknown = [name for name in args.cases if name not in known]
    if unknown:
        parser.error(f"no case named {', '.join(unknown)}; the cases: {', '.join(known)}")
    record: dict[str, list[str]] = json.loads(RECORD.read_text()) if args.cases else {}
    for case in CASES:
        if not args.cases or case.name in args.cases:
            record[case.name] = moves(case)
    ordered = {case.name: record[case.name] for case in CASES}
    RECORD.write_text(json.dumps(ordered, indent=0) + "\n")


if __name__ == "__main__":
    main()
