"""Terminal views: a lair drawn with its walls and contents, and a seat's whole table, in the
seat's language (English unless a translator is given). The words live in :mod:`.text`; the
two-letter room codes are those of the lair sheet files and stay as they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import ENGLISH, N_, Translator
from .components import Card, agents, lair_board, missions, sheet
from .grid import Grid
from .lair import BLOCKED_CODE, CODES, START_CODE
from .text import PHASES, SpyWorldText, sentence

#: What the room codes and marks of a drawn lair mean (the codes are the lair files' own).
LEGEND_MESSAGE = N_(
    "La Lasers  Sa Giant Saw  Sh Shark Pool | Do Guard Dog  Gu Guard  Ro Robot | "
    "$1 $2 $3 Secrets | >> start  XX blocked  ## wall  * explored  @ agent"
)
LEGEND = LEGEND_MESSAGE


def legend(tr: Translator = ENGLISH) -> str:
    return tr.gettext(LEGEND_MESSAGE)


def draw_lair(
    rooms: list[str],
    walls: int,
    *,
    grid: Grid | None = None,
    start: int | None = None,
    blocked: frozenset[int] = frozenset(),
    visited: set[int] | None = None,
    pos: int | None = None,
    entryway: frozenset[int] = frozenset(),
) -> str:
    """An ASCII lair: rooms 4 characters wide, walls drawn as ## and | on the edges."""
    rules = sheet()
    grid = grid or rules.grid
    start = rules.start if start is None else start
    visited = visited or set()
    cols = grid.cols
    header = "     " + "".join(f"  {c}  " for c in range(1, cols + 1))
    lines = [header, "    +" + "----+" * cols]
    for r in range(grid.rows):
        cells = []
        for c in range(cols):
            room = r * cols + c
            if room == start:
                code = START_CODE
            elif room in blocked:
                code = BLOCKED_CODE
            else:
                code = CODES[rooms[room]]
            mark = "@" if room == pos else ("*" if room in visited else " ")
            if room in entryway and mark == " " and room != start:
                mark = "."
            cells.append(f"{mark}{code} ")
        row_text = f"  {r + 1} |"
        for c in range(cols):
            row_text += cells[c]
            if c < cols - 1:
                edge = grid.edge_between(r * cols + c, r * cols + c + 1)
                row_text += "#" if walls >> edge & 1 else " "
            else:
                row_text += "|"
        lines.append(row_text)
        if r < grid.rows - 1:
            sep = "    +"
            for c in range(cols):
                edge = grid.edge_between(r * cols + c, (r + 1) * cols + c)
                sep += ("####" if walls >> edge & 1 else "    ") + "+"
            lines.append(sep)
    lines.append("    +" + "----+" * cols)
    return "\n".join(lines)


def render_observation(obs: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    """One seat's whole table: the cards on offer, the missions, every lair, the explorations
    and the final scores."""
    words = SpyWorldText(tr)
    rules = sheet()
    grid = rules.grid
    board = None
    try:
        board = lair_board(obs["board_name"])
        blocked = board.blocked
        board_text = tr.gettext("{lair} (lair {number})").format(
            lair=words.data(board.name), number=board.number
        )
    except Exception:  # a house lair file that is gone: its id and no blocked rooms
        blocked = frozenset()
        board_text = obs["board"]
    seat = obs["seat"]
    phase_id = str(obs["phase"])
    phase = tr.gettext(PHASES[phase_id]) if phase_id in PHASES else phase_id
    out = [
        tr.gettext("SpyWorld - {lair} - {phase}, round {round}").format(
            lair=board_text, phase=phase, round=obs["round"]
        )
    ]
    if obs["phase"] in ("choose", "resolve", "missions", "agents"):
        cards = []
        for slot, card in enumerate(obs["faceup"]):
            label = words.card(card["front"]) + (f" +{card['points']}" if card["points"] else "")
            back = obs["top_backs"][slot]
            offer = card["offer"]
            if board is not None:
                offer = words.offer(
                    Card(0, card["front"], "", 0, card["points"]),
                    Card(0, "", back[0], int(back[1:])),
                    board,
                )
            cards.append(
                tr.gettext("[{slot}] {card} (deck back {back}): {offer}").format(
                    slot=slot + 1, card=label, back=back, offer=offer
                )
            )
        out.append(tr.gettext("Cards: {cards}").format(cards="\n       ".join(cards)))
        ms = []
        for slot, m in enumerate(obs["missions"]):
            mission = next(x for x in missions() if x.id == m["id"])
            if m["claimed"]:
                state = tr.gettext("claimed")
            else:
                state = tr.gettext("{money}$ or {points} pts").format(
                    money=mission.money, points=mission.points
                )
            ms.append(
                tr.gettext("({number}) {mission}: {requires} - {state}").format(
                    number=slot + 1,
                    mission=words.data(mission.name),
                    requires=words.mission_requirement(mission),
                    state=state,
                )
            )
        out.append(tr.gettext("Missions: {missions}").format(missions="; ".join(ms)))
        if obs["last_choices"]:
            choices = []
            for who, choice in obs["last_choices"].items():
                player = words.seat(int(who))
                if choice == "pass":
                    choices.append(tr.gettext("{player} passed").format(player=player))
                else:
                    taken = ", ".join(str(s + 1) for s in choice)
                    choices.append(
                        tr.gettext("{player} took {cards}").format(player=player, cards=taken)
                    )
            out.append(tr.gettext("Last round: {choices}").format(choices="; ".join(choices)))
    runs = obs.get("runs") or [None] * obs["players"]
    explorer_of = obs.get("explorer_of")
    for owner, sh in enumerate(obs["sheets"]):
        visited: set[int] = set()
        pos = None
        if explorer_of is not None:
            run = runs[explorer_of[owner]]
            if run:
                visited = {grid.room(r, c) for r, c in run["visited"]}
                pos = grid.room(*run["pos"])
        stats = "/".join(str(v) for v in sh["stats"])
        gadget_names = ", ".join(words.gadget(g) for g in sh["gadgets"]) or tr.gettext("none")
        agent = sh["agent"]
        if agent:
            agent_text = next((a.name for a in agents() if a.id == agent), tr.gettext("hidden"))
        else:
            agent_text = "-"
        if owner == seat:
            title = tr.gettext("Your lair")
        else:
            title = tr.gettext("Lair of {player}").format(player=words.seat(owner))
        out.append(
            "\n"
            + tr.gettext(
                "{lair}: budget {budget} (earned {earned}/40), M/S/C {stats}, gadgets: "
                "{gadgets}, agent: {agent}, bonus actions used {bonus}/5"
            ).format(
                lair=title,
                budget=sh["budget"],
                earned=sh["earned"],
                stats=stats,
                gadgets=gadget_names,
                agent=agent_text,
                bonus=sh["bonus_used"],
            )
        )
        out.append(
            draw_lair(
                sh["rooms"],
                sh["walls"],
                blocked=blocked,
                visited=visited,
                pos=pos,
                entryway=rules.entryway,
            )
        )
    if obs.get("runs"):
        for s, run in enumerate(obs["runs"]):
            if run:
                line = tr.gettext(
                    "{player} explores: rooms {rooms}, sentries {sentries}, stolen {stolen}, "
                    "left M/S/C {stats}"
                ).format(
                    player=words.seat(s),
                    rooms=run["rooms"],
                    sentries=run["sentries"],
                    stolen=run["stolen"],
                    stats="/".join(map(str, run["stats"])),
                )
                if run["done"]:
                    line += " " + tr.gettext("(done)")
                out.append(sentence(line))
    if obs.get("results"):
        res = obs["results"]
        out.append("\n" + tr.gettext("Final scores:"))
        for s in range(obs["players"]):
            out.append(
                "  "
                + tr.gettext(
                    "{player}: {total} ({rank}) = kept {kept} + stolen {stolen} + budget "
                    "{budget} + rewards {rewards} {gadgets} gadgets + missions {missions}"
                ).format(
                    player=words.seat(s),
                    total=res["total"][s],
                    rank=words.rank(res["ranks"][s]),
                    kept=res["remaining"][s],
                    stolen=res["stolen"][s],
                    budget=res["budget"][s],
                    rewards=res["trapper"][s] + res["explorer"][s] + res["brutal"][s],
                    gadgets=f"{res['gadget_lover'][s]:+d}",
                    missions=res["missions"][s],
                )
            )
        winners = res.get("winners", [])
        if winners and not res.get("play_again"):
            # Rulebook 003 §Final Score: the richest wins; said plainly, as the other games do.
            out.append(
                "  "
                + tr.ngettext("Winner: {players}", "Winners: {players}", len(winners)).format(
                    players=words.both([words.seat(s) for s in winners])
                )
            )
        if res.get("play_again"):
            tied = words.both([words.seat(s) for s in res["play_again"]])
            out.append(
                "  "
                + tr.gettext(
                    "{players} tie for the win: tied players play again (Rulebook 003)."
                ).format(players=tied)
            )
    out.append(legend(tr))
    return "\n".join(out)
