"""SpyWorld in words, in each player's language: action labels and menu headings, log lines,
what a card on offer does, mission texts, the names of the cards, gadgets and lairs, option
labels and help, rule citations and why the game ended.

The terminal, the server's log and the browser all read these sentences, so a rule is put
into words once. Every message is English in the source and translated through the seat's
:class:`~topsecret.i18n.Translator` (English by default). Seats are counted from 1, as
players count them ("seat 1" is the engine's seat 0); the web client swaps in the players'
names, and the person reading is "you".

Rulebook 003 is printed in English; the scoring sheet and an Agent card of the printed
material are in French, so the French follows them (*Piégeur*, *Fan de gadgets*, *Pièces
explorées*, *Ennemis* for the Sentries, *Gardien*). The Agents keep their printed names in
every language; everything else that lives in ``data/`` is ours and is marked below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ...core import Action, ActionCodec, Event
from ...i18n import ENGLISH, N_, Translator, filled_message
from ...i18n.table_text import TableText, illegal, sentence
from .actions import (
    Boost,
    ChooseAgent,
    ClaimMission,
    DeclineMissions,
    Discard,
    KeepRound,
    Move,
    Pass,
    PlaceUpgrade,
    PlaceWall,
    Stop,
    TakeBack,
    TakeCards,
    TakeGadget,
    Teleport,
    Undo,
    make_codec,
)
from .components import (
    NAMES,
    STATS,
    TRAINING,
    UPGRADES,
    Agent,
    Card,
    LairBoard,
    Mission,
    agent_by_id,
    agents,
    gadgets,
    lair_board,
    missions,
    sheet,
)
from .explorer import POWER_ITEM

#: The card fronts' names (``components.NAMES``), marked for the catalogues.
CARD_NAMES: Mapping[str, str] = {
    "wall": N_("Wall"),
    "lasers": N_("Lasers"),
    "giant_saw": N_("Giant Saw"),
    "shark_pool": N_("Shark Pool"),
    "guard_dog": N_("Guard Dog"),
    "guard": N_("Guard"),
    "robot": N_("Robot"),
    "secret1": N_("Secret I"),
    "secret2": N_("Secret II"),
    "secret3": N_("Secret III"),
    "movement": N_("Movement"),
    "stealth": N_("Stealth"),
    "combat": N_("Combat"),
    "gadget": N_("Gadget"),
}
#: The names and texts of ``data/``: gadgets, missions, lair boards and their special rules,
#: the Agents' powers, the rank table. A test checks that every one is listed here.
DATA_TEXTS: tuple[str, ...] = (
    N_("Smoke Bomb"),
    N_("Stun Gun"),
    N_("Adrenaline Shot"),
    N_("Laser Drill"),
    N_("Safecracker Kit"),
    N_("Once, get past a Trap without paying anything but the Movement point."),
    N_(
        "Once, get past a Trap without paying anything but the Movement point; the Trap is "
        "not counted as triggered."
    ),
    N_("Once, neutralise a Sentry without paying anything but the Movement point."),
    N_(
        "Once, neutralise a Guard Dog or a Guard without paying anything but the Movement "
        "point. A Gadget which does not count towards the Gadget Lover penalty."
    ),
    N_("Once, gain 4 Movement."),
    N_("Once, gain 5 points in the stat of your choice."),
    N_(
        "When exploring, drill a permanent passage in any one wall. Warning! This powerful "
        "Gadget counts as 2 at the end of the game."
    ),
    N_(
        "When exploring, drill a permanent passage in any one wall. Counts as only 1 at the "
        "end of the game."
    ),
    N_("The most valuable Secret you steal is worth 10 more."),
    N_("The most valuable Secret you steal is worth double."),
    N_("Once per game, neutralise a Guard without losing Combat points."),
    N_("Once per game, get past a Guard Dog without paying anything but the Movement point."),
    N_("Once per game, cross Lasers without paying anything but the Movement point."),
    N_("Once per game, neutralise a Robot without losing Combat points."),
    N_("Once per game, swim through a Shark Pool without paying anything but the Movement point."),
    N_("Once per game, get past a Giant Saw without paying anything but the Movement point."),
    N_("Once per game, recover 4 points in the stat of your choice."),
    N_("Once per game, go back to any room you have explored without paying Movement."),
    N_("Kennel Master"),
    N_("Minefield"),
    N_("Treasury"),
    N_("Athlete"),
    N_("All-Rounder"),
    N_("Gadgeteer"),
    N_("Architect"),
    N_("Full House"),
    N_("Miser"),
    N_("Superyacht"),
    N_("Polar Base"),
    N_("Jungle Temple"),
    N_("Moon Base"),
    N_(
        "This is an initiation lair. Players do not receive Agent cards and do not get a "
        "bonus at the end of the Planning Phase."
    ),
    N_(
        "Default mode: Agents are dealt, upgrades move 2 per row or column, gadgets change 2 "
        "per step."
    ),
    N_(
        "The centre room has collapsed: it cannot be upgraded or explored. Cross it out at "
        "the beginning of the game."
    ),
    N_(
        "Two sealed airlocks (row 2, columns 2 and 4) cannot be upgraded or explored. Cross "
        "them out at the beginning of the game."
    ),
    N_("World Overlord"),
    N_("Apprentice Despot"),
    N_("Second-Rate Autocrat"),
    N_("Regional Tyrant"),
    N_("Town Ruler"),
    N_("Henchman"),
    # rules_versions.toml: why a table of rules 1 cannot be replayed.
    N_(
        "rounds are paid differently since rules 2 (only sets of cards payable in some order "
        "are offered, Rulebook 003 §Secrets and Budget), so its choices no longer fit; the "
        "table's stored scores stand"
    ),
)
#: The rule citations of ``state.py`` and ``exploring.py``; a test checks that every one is
#: listed here.
RULE_CITATIONS: tuple[str, ...] = (
    N_("Rulebook 003 §Planning Phase"),
    N_("Rulebook 003 §Important #3: Bonus Actions"),
    N_("Rulebook 003 §If the chosen card is a Lair Upgrade"),
    N_("Rulebook 003 §Starting Square and Entryway"),
    N_("Rulebook 003 §If the chosen card is a Wall"),
    N_("Rulebook 003 §If the chosen card is a Gadget"),
    N_("Rulebook 003 §Missions"),
    N_("Rulebook 003 §Setup"),
    N_("Rulebook 003 §Important #2: You Made a Mistake..."),
    N_("Rulebook 003 §Lair Exploration Phase"),
    N_("Rulebook 003 §Traps"),
    N_("Rulebook 003 §Sentries"),
    N_("Rulebook 003 §Continuing Exploration"),
    N_("Rulebook 003 §Variant 2"),
)
#: What each mission condition asks for, with {n} for its amount.
REQUIREMENTS: Mapping[str, str] = {
    "sentries": N_("at least {n} Sentries in your lair"),
    "traps": N_("at least {n} Traps in your lair"),
    "walls": N_("at least {n} Walls in your lair"),
    "secret_value": N_("Secrets in your lair worth at least {n} at the end of the game"),
    "any_stat": N_("one Training stat at {n} or more"),
    "every_stat": N_("every Training stat at {n} or more"),
    "gadgets": N_("at least {n} Gadgets (the Laser Drill counts 2)"),
    "full_line": N_("a full row or column (every room upgraded)"),
    "budget": N_("at least {n} in your budget"),
}
#: Why each reward or penalty is given; the amounts come from the sheet's data.
REWARD_REASONS: Mapping[str, tuple[str, str]] = {
    "trapper": (N_("Trapper"), N_("most Traps set off in your lair")),
    "explorer": (N_("Explorer"), N_("most rooms explored")),
    "brutal": (N_("Brutal"), N_("most Sentries neutralised")),
    "gadget_lover": (N_("Gadget Lover"), N_("most Gadgets")),
}
#: A move's label in each direction; a wall's side.
MOVES: Mapping[str, str] = {
    "north": N_("move north"),
    "south": N_("move south"),
    "east": N_("move east"),
    "west": N_("move west"),
}
DIRECTIONS: Mapping[str, str] = {
    "north": N_("north"),
    "south": N_("south"),
    "east": N_("east"),
    "west": N_("west"),
}
SIDES: Mapping[str, str] = {
    "north": N_("the north side"),
    "south": N_("the south side"),
    "east": N_("the east side"),
    "west": N_("the west side"),
}
#: The phases as the terminal view names them.
PHASES: Mapping[str, str] = {
    "agents": N_("choosing Agents"),
    "choose": N_("planning"),
    "resolve": N_("drawing"),
    "missions": N_("missions"),
    "explore": N_("exploration"),
    "over": N_("game over"),
}
#: Each option's label and help (``game.py``'s option specs read the help from here).
OPTION_LABELS: Mapping[str, str] = {
    "lair": N_("Lair board"),
    "gadgets": N_("Gadget sides"),
    "beginners": N_("Beginner variant"),
    "lenient": N_("Lenient with new players"),
    "free_agents": N_("Favourite Agents"),
}
OPTION_HELP: Mapping[str, str] = {
    "lair": N_(
        "lair board: superyacht (1, initiation), polar_base (2, default), jungle_temple (3), "
        "moon_base (4), or the path of your own lair board .toml file"
    ),
    "gadgets": N_("gadget sides: normal, expert, or five letters N/E for gadgets 1-5"),
    "beginners": N_("seats getting the beginner variant's +5 budget: none, all, or seats like 0,2"),
    "lenient": N_(
        "be lenient with new players: take back a drawing of the current round in "
        "planning (10 a game) and correct an exploration path (Variant 2, 10 undos)"
    ),
    "free_agents": N_("everyone picks their favourite Agent instead of being dealt cards"),
}
#: Option values shown in words.
OPTION_VALUES: Mapping[str, str] = {
    "normal": N_("Normal"),
    "expert": N_("Expert"),
    "none": N_("none"),
    "all": N_("all"),
}


@cache
def _codec() -> ActionCodec:
    return make_codec()


class SpyWorldText(TableText):
    """SpyWorld's words for one seat, in that seat's language."""

    option_labels = OPTION_LABELS
    option_helps = OPTION_HELP

    # -- names -------------------------------------------------------------------------
    def who(self, seat: int | None, viewer: int | None) -> str:
        return self.you_or_seat(-1 if seat is None else seat, viewer)

    def card(self, front: str) -> str:
        """A card front's name (a Secret, a Trap, a Training stat...)."""
        return self.tr.gettext(CARD_NAMES[front]) if front in CARD_NAMES else front

    def data(self, text: str) -> str:
        """A name or text from ``data/`` (listed in :data:`DATA_TEXTS`); a house lair's own
        names are shown as written."""
        return self.tr.gettext(text)

    def gadget(self, number: int) -> str:
        return self.data(gadgets()[number - 1].name)

    def item(self, number: int) -> str:
        """Gadgets 1-5 by name; item 6 is whatever power the Agent has."""
        if number == POWER_ITEM:
            return self.tr.gettext("your Agent's power")
        return self.gadget(number)

    def logged_item(self, name: object) -> str:
        """The item an exploration event names: a gadget, or "<Agent>'s power"."""
        if not name:
            return self.tr.gettext("an item")
        text = str(name)
        if text.endswith("'s power"):
            return self.tr.gettext("{agent}'s power").format(agent=text[: -len("'s power")])
        return self.data(text)

    def direction(self, name: str) -> str:
        return self.tr.gettext(DIRECTIONS[name]) if name in DIRECTIONS else name

    def room(self, row: int, col: int) -> str:
        return self.tr.gettext("row {row}, column {col}").format(row=row, col=col)

    def line(self, colour: str, number: int) -> str:
        """A planning card's back: a red card names a row, a blue one a column."""
        if colour == "R":
            return self.tr.gettext("row {number}").format(number=number)
        return self.tr.gettext("column {number}").format(number=number)

    def both(self, names: Sequence[str]) -> str:
        """``a``, ``a and b``, ``a, b and c``."""
        if len(names) < 2:
            return "".join(names)
        return self.tr.gettext("{first} and {last}").format(
            first=", ".join(names[:-1]), last=names[-1]
        )

    def mission_requirement(self, mission: Mission) -> str:
        return self.tr.gettext(REQUIREMENTS[mission.condition]).format(n=mission.amount)

    def agent_summary(self, agent: Agent) -> str:
        bonus = ", ".join(
            f"+{value} {self.card(stat)}" for stat, value in zip(STATS, agent.bonus, strict=True)
        )
        return self.tr.gettext("{agent} ({bonus}; {power})").format(
            agent=agent.name, bonus=bonus, power=self.data(agent.text)
        )

    def rank(self, title: str) -> str:
        return self.data(title)

    def rank_table(self) -> str:
        rules = sheet()
        titles = ", ".join(f"{self.rank(title)} {score}+" for score, title in rules.ranks)
        return self.tr.gettext("Ranks: {titles}, else {lowest}.").format(
            titles=titles, lowest=self.rank(rules.rank_below_table)
        )

    def final_parts(self) -> list[tuple[str, str, str]]:
        """The lines of the final score sheet: (result key, label, why), in scoring order."""
        tr = self.tr
        rewards = sheet().rewards
        return [
            (
                "remaining",
                tr.gettext("Secrets kept"),
                tr.gettext("your Secrets nobody stole (walled-off ones do not count)"),
            ),
            ("stolen", tr.gettext("Secrets stolen"), tr.gettext("what your Agent stole")),
            ("budget", tr.gettext("Budget left"), tr.gettext("money left at the end of planning")),
            *(
                (key, tr.gettext(label), f"{rewards[key]:+d}: {tr.gettext(why)}")
                for key, (label, why) in REWARD_REASONS.items()
            ),
            ("missions", tr.gettext("Missions"), tr.gettext("points from missions")),
        ]

    # -- cards on offer ----------------------------------------------------------------
    def offer(self, card: Card, back: Card, board: LairBoard) -> str:
        """What taking a face-up card means, given the back on top of the deck above it."""
        return filled_message(offer_message(card, back, board), self.tr)

    # -- actions -----------------------------------------------------------------------
    def action(self, action: Action) -> str:
        """A button label: what the action does, with the names printed on the cards."""
        tr = self.tr
        if isinstance(action, ChooseAgent):
            return tr.gettext("choose Agent {agent}").format(
                agent=self.agent_summary(agents()[action.agent])
            )
        if isinstance(action, TakeCards):
            slots = self.both([str(s + 1) for s in action.slots])
            extra = len(action.slots) - 1
            if not extra:
                return tr.gettext("take card {slots}").format(slots=slots)
            return tr.ngettext(
                "take cards {slots} ({count} bonus action)",
                "take cards {slots} ({count} bonus actions)",
                extra,
            ).format(slots=slots, count=extra)
        if isinstance(action, Pass):
            return tr.gettext("pass (+1 to your budget)")
        if isinstance(action, PlaceUpgrade):
            return tr.gettext("draw it in {room}").format(room=self.room(action.row, action.col))
        if isinstance(action, PlaceWall):
            return tr.gettext("wall on {side} of {room}").format(
                side=tr.gettext(SIDES[action.side]), room=self.room(action.row, action.col)
            )
        if isinstance(action, TakeGadget):
            return tr.gettext("take gadget {number}: {gadget}").format(
                number=action.number, gadget=self.gadget(action.number)
            )
        if isinstance(action, Discard):
            return tr.gettext("discard the card (it cannot be used)")
        if isinstance(action, ClaimMission):
            if action.reward == "money":
                return tr.gettext("claim mission {number} for money now").format(
                    number=action.slot + 1
                )
            return tr.gettext("claim mission {number} for points at the end").format(
                number=action.slot + 1
            )
        if isinstance(action, DeclineMissions):
            return tr.gettext("claim no mission")
        if isinstance(action, Move):
            text = self.move_heading(action)
            if action.stealth:
                text = tr.gettext("{move}, {stealth} Stealth into the Shark Pool").format(
                    move=text, stealth=action.stealth
                )
            return text
        if isinstance(action, Teleport):
            return tr.gettext("teleport (Agent's power) to {room}").format(
                room=self.room(action.row, action.col)
            )
        if isinstance(action, Boost):
            return tr.gettext("use {item} for {stat}").format(
                item=self.item(action.item), stat=self.card(action.stat)
            )
        if isinstance(action, Stop):
            return tr.gettext("stop exploring")
        if isinstance(action, Undo):
            return tr.gettext("undo the last move")
        if isinstance(action, TakeBack):
            return tr.gettext("take back your last drawing of this round")
        if isinstance(action, KeepRound):
            return tr.gettext("keep this round's drawing")
        return repr(action)

    def move_heading(self, action: Move) -> str:
        """A move with the item it uses, Shark Pool splits left out."""
        move = self.tr.gettext(MOVES[action.direction])
        if action.use:
            return self.tr.gettext("{move} using {item}").format(
                move=move, item=self.item(action.use)
            )
        return move

    def action_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
        """Shark Pool splits gather under their move; walls under their row."""
        groups: dict[str, list[Action]] = {}
        for action in actions:
            if isinstance(action, Move):
                heading = self.move_heading(action)
            elif isinstance(action, PlaceWall):
                heading = self.tr.gettext("wall in row {row}").format(row=action.row)
            else:
                heading = self.action(action)
            groups.setdefault(heading, []).append(action)
        return list(groups.items())

    def stats_paid(self, paid: Sequence[int]) -> str:
        """Movement, Stealth and Combat spent, "4 Movement, 3 Stealth" ("" for none)."""
        m, s, c = paid
        return ", ".join(
            f"{amount} {self.card(stat)}"
            for amount, stat in ((m, "movement"), (s, "stealth"), (c, "combat"))
            if amount
        )

    def menu_note(self, actions: Sequence[Action], observation: Mapping[str, Any]) -> str | None:
        """What a move costs or earns, from the observation's ``costs`` (the prices the
        browser shows on the board): one move's price, or a group's cheapest."""
        tr = self.tr
        wanted = [action.to_json() for action in actions]
        entries = [e for e in observation.get("costs") or () if e["action"] in wanted]
        if not entries:
            return None
        if len(entries) > 1:
            money = [e["cost"] for e in entries if "cost" in e]
            return tr.gettext("(from {cost})").format(cost=min(money)) if money else None
        entry = entries[0]
        if "pays" in entry:
            paid = self.stats_paid(entry["pays"]) or tr.gettext("nothing")
            return tr.gettext("(costs {cost})").format(cost=paid)
        if "cost" not in entry:
            return None  # a pass or a mission: its label already says what it brings
        notes = []
        if entry["cost"]:
            notes.append(tr.gettext("(costs {cost})").format(cost=entry["cost"]))
        if entry.get("earn"):
            notes.append(tr.gettext("(earns {amount})").format(amount=entry["earn"]))
        return " ".join(notes) or tr.gettext("(free)")

    # -- options -----------------------------------------------------------------------
    def special_value(self, name: str, value: object) -> str | None:
        tr = self.tr
        text = str(value)
        if name == "lair":
            try:
                board = lair_board(text)
            except Exception:  # a house lair that does not load is shown by its path
                return text
            return tr.gettext("{lair} (lair {number})").format(
                lair=self.data(board.name), number=board.number
            )
        if text.lower() in OPTION_VALUES:
            return tr.gettext(OPTION_VALUES[text.lower()])
        return None

    # -- the table ---------------------------------------------------------------------
    def view(self, observation: Mapping[str, Any]) -> str:
        from .render import render_observation

        return render_observation(observation, self.tr)

    # -- events ------------------------------------------------------------------------
    def _whose_lair(self, owner: int, viewer: int | None) -> str:
        if owner == viewer:
            return self.tr.gettext("in your lair")
        return self.tr.gettext("in the lair of {owner}").format(owner=self.seat(owner))

    def _paid(self, amount: int) -> str:
        if amount == 0:
            return self.tr.gettext("for free")
        return self.tr.gettext("for {amount}").format(amount=amount)

    def _chosen(self, step: str, seat: int) -> str:
        """Another seat has committed its hidden choice for a simultaneous step."""
        player = self.seat(seat)
        if step == "agents":
            return self.tr.gettext("{player} has chosen an Agent").format(player=player)
        if step.startswith("missions"):
            return self.tr.gettext("{player} has decided about the missions").format(player=player)
        if step.startswith("round "):
            return self.tr.gettext("{player} has made a choice for round {round}").format(
                player=player, round=step.removeprefix("round ")
            )
        return self.tr.gettext("{player} has made a choice").format(player=player)

    def event(self, event: Event, viewer: int | None) -> str | None:
        """One log line as the person at ``viewer`` reads it; ``None`` keeps it out of the log."""
        if event.audience is not None and (viewer is None or viewer not in event.audience):
            return None
        text = self._event(event, viewer)
        return None if text is None else sentence(text)

    def _event(self, event: Event, viewer: int | None) -> str | None:
        tr, d, kind = self.tr, event.data, event.kind
        seat: int = d.get("seat", -1)
        if kind == "chosen":
            # Like the other games: your own commitment is already on screen.
            if seat == viewer:
                return None
            return self._chosen(d["step"], seat)
        if kind == "my_choice":
            return tr.gettext("You chose: {choice} (hidden until everyone has chosen)").format(
                choice=self._choice(d["action"])
            )
        if kind == "agents_chosen":
            return tr.gettext("Everyone has chosen an Agent, face down")
        if kind == "agent":
            return tr.gettext("Your Agent: {agent}").format(
                agent=self.agent_summary(agent_by_id(d["agent"]))
            )
        if kind == "passed":
            if not d["gain"]:
                return self.said(
                    seat,
                    viewer,
                    tr.gettext("You pass (40 earned already: no gain)"),
                    tr.gettext("{player} passes (40 earned already: no gain)"),
                )
            return self.said(
                seat,
                viewer,
                tr.gettext("You pass and earn {gain}"),
                tr.gettext("{player} passes and earns {gain}"),
                gain=d["gain"],
            )
        if kind == "took":
            return self._took(d, seat, viewer)
        if kind == "trained":
            return self.said(
                seat,
                viewer,
                tr.gettext("You pay {paid} for +{points} {stat}"),
                tr.gettext("{player} pays {paid} for +{points} {stat}"),
                paid=d["paid"],
                points=d["points"],
                stat=self.card(d["stat"]),
            )
        if kind == "placed":
            text = self.said(
                seat,
                viewer,
                tr.gettext("You draw {card} in {room} {paid}"),
                tr.gettext("{player} draws {card} in {room} {paid}"),
                card=self.card(d["upgrade"]),
                room=self.room(d["row"], d["col"]),
                paid=self._paid(d["paid"]),
            )
            if d["earned"]:
                text += tr.gettext(", earning {amount}").format(amount=d["earned"])
            return text
        if kind == "wall":
            side = SIDES[d["side"]]
            return self.said(
                seat,
                viewer,
                tr.gettext("You draw a Wall on {side} of {room} {paid}"),
                tr.gettext("{player} draws a Wall on {side} of {room} {paid}"),
                side=tr.gettext(side),
                room=self.room(d["row"], d["col"]),
                paid=self._paid(d["paid"]),
            )
        if kind == "gadget":
            return self.said(
                seat,
                viewer,
                tr.gettext("You take gadget {number}, the {gadget}, {paid}"),
                tr.gettext("{player} takes gadget {number}, the {gadget}, {paid}"),
                number=d["number"],
                gadget=self.gadget(d["number"]),
                paid=self._paid(d["paid"]),
            )
        if kind == "took_back":
            left = tr.ngettext(
                "{count} take-back left", "{count} take-backs left", d["left"]
            ).format(count=d["left"])
            return self.said(
                seat,
                viewer,
                tr.gettext("You take back the drawing of card {card} (lenient play; {left})"),
                tr.gettext("{player} takes back the drawing of card {card} (lenient play; {left})"),
                card=d["slot"] + 1,
                left=left,
            )
        if kind == "confirmed":
            return self.said(
                seat,
                viewer,
                tr.gettext("You keep this round's drawing"),
                tr.gettext("{player} keeps this round's drawing"),
            )
        if kind == "last_round_next":
            return tr.gettext("A lair is full: round {round} is the last planning round").format(
                round=d["round"]
            )
        if kind == "mission":
            name = self.data(mission_by_id(d["mission"]).name)
            if d["reward"] == "money":
                return self.said(
                    seat,
                    viewer,
                    tr.gettext("You complete the mission {mission} and take {gain} now"),
                    tr.gettext("{player} completes the mission {mission} and takes {gain} now"),
                    mission=name,
                    gain=d["gain"],
                )
            return self.said(
                seat,
                viewer,
                tr.gettext("You complete the mission {mission} and take {gain} points at the end"),
                tr.gettext(
                    "{player} completes the mission {mission} and takes {gain} points at the end"
                ),
                mission=name,
                gain=d["gain"],
            )
        if kind == "round":
            return tr.gettext("Round {round}: three new cards are turned face up").format(
                round=d["round"]
            )
        if kind == "planning_over":
            return self._planning_over(d, viewer)
        if kind == "explored":
            return self._explored(d, viewer)
        if kind == "final_score":
            return self._final_score(d, viewer)
        return None

    def _choice(self, action: Mapping[str, Any]) -> str:
        decoded = _codec().from_json(dict(action))
        if isinstance(decoded, ChooseAgent):
            # The next line of the log says what the Agent does.
            return self.tr.gettext("Agent {agent}").format(agent=agents()[decoded.agent].name)
        return self.action(decoded)

    def _took(self, d: Mapping[str, Any], seat: int, viewer: int | None) -> str:
        tr = self.tr
        cards = self.both(
            [
                tr.gettext("card {number} ({card})").format(number=slot + 1, card=self.card(front))
                for slot, front in zip(d["slots"], d["cards"], strict=True)
            ]
        )
        text = self.said(
            seat,
            viewer,
            tr.gettext("You take {cards}"),
            tr.gettext("{player} takes {cards}"),
            cards=cards,
        )
        bonus = len(d["slots"]) - 1
        if bonus:
            text += tr.ngettext(
                ", paying {cost} for {count} bonus action",
                ", paying {cost} for {count} bonus actions",
                bonus,
            ).format(cost=d["bonus_cost"], count=bonus)
        order = d.get("order", d["slots"])
        if list(order) != sorted(order):
            firsts = tr.gettext(" then ").join(
                tr.gettext("card {number}").format(number=slot + 1) for slot in order
            )
            text += tr.gettext(
                " (placed in the order {cards}, so the Secret's money pays the rest)"
            ).format(cards=firsts)
        return text

    def _planning_over(self, d: Mapping[str, Any], viewer: int | None) -> str:
        tr = self.tr
        pairs = []
        for owner, explorer in enumerate(d["explorer_of"]):
            if explorer == viewer:
                pair = tr.gettext("you explore the lair of {owner}")
            elif owner == viewer:
                pair = tr.gettext("{explorer} explores your lair")
            else:
                pair = tr.gettext("{explorer} explores the lair of {owner}")
            pairs.append(pair.format(explorer=self.seat(explorer), owner=self.seat(owner)))
        named = []
        for s, agent in enumerate(d["agents"]):
            if agent is None:
                continue
            has = (
                tr.gettext("you have {agent}")
                if s == viewer
                else tr.gettext("{player} has {agent}")
            )
            named.append(has.format(player=self.seat(s), agent=agent_by_id(agent).name))
        if d["direction"] == "left":
            text = tr.gettext("Planning is over; the lairs are passed to the left: {pairs}.")
        else:
            text = tr.gettext("Planning is over; the lairs are passed to the right: {pairs}.")
        text = text.format(pairs="; ".join(pairs))
        if named:
            text += " " + tr.gettext("Agents revealed: {agents}.").format(agents=", ".join(named))
        return text

    def _explored(self, d: Mapping[str, Any], viewer: int | None) -> str:
        tr = self.tr
        seat = d["seat"]
        where = self._whose_lair(d["owner"], viewer)
        if d.get("stop"):
            return self.said(
                seat,
                viewer,
                tr.gettext("You stop exploring {where}"),
                tr.gettext("{player} stops exploring {where}"),
                where=where,
            )
        if d.get("undo"):
            return self.said(
                seat,
                viewer,
                tr.gettext("You take back the last move {where}"),
                tr.gettext("{player} takes back the last move {where}"),
                where=where,
            )
        item = self.logged_item(d.get("item"))
        if "boost" in d:
            return self.said(
                seat,
                viewer,
                tr.gettext("You use {item} for +{amount} {stat}"),
                tr.gettext("{player} uses {item} for +{amount} {stat}"),
                item=item,
                amount=d["amount"],
                stat=self.card(d["boost"]),
            )
        if "teleport" in d:
            row, col = d["teleport"]
            return self.said(
                seat,
                viewer,
                tr.gettext("You use {item} to go back to {room} {where}"),
                tr.gettext("{player} uses {item} to go back to {room} {where}"),
                item=item,
                room=self.room(row, col),
                where=where,
            )
        row, col = d["room"]
        content = d["content"]
        cost = self.stats_paid(d["paid"])
        params = {"room": self.room(row, col), "where": where}
        if d["new"]:
            text = self.said(
                seat,
                viewer,
                tr.gettext("You enter {room} {where}"),
                tr.gettext("{player} enters {room} {where}"),
                **params,
            )
        else:
            text = self.said(
                seat,
                viewer,
                tr.gettext("You enter {room} {where} again"),
                tr.gettext("{player} enters {room} {where} again"),
                **params,
            )
        if d["new"] and content in UPGRADES:
            # The colon is the language's: French sets a space before it.
            text = tr.gettext("{text}: {content}").format(text=text, content=self.card(content))
            if "value" in d:
                text += tr.gettext(", a Secret worth {value} stolen").format(value=d["value"])
        if d.get("drilled"):
            text += tr.gettext(", drilling through the wall")
        if d.get("item") and d["action"].get("use"):
            text += tr.gettext(", using {item}").format(item=item)
        text += " " + tr.gettext("(paid {cost})").format(cost=cost or tr.gettext("nothing"))
        if d.get("done"):
            text += tr.gettext("; the Agent can go no further")
        return text

    def _final_score(self, d: Mapping[str, Any], viewer: int | None) -> str:
        order = sorted(range(len(d["total"])), key=lambda s: -d["total"][s])
        scores = "; ".join(
            f"{self.who(s, viewer)} {d['total'][s]} ({self.rank(d['ranks'][s])})" for s in order
        )
        text = self.tr.gettext("Final scores: {scores}").format(scores=scores)
        tied = self.tie(d.get("play_again", []), viewer)
        return f"{text}. {tied}" if tied else text

    def tie(self, tied: Sequence[int], viewer: int | None) -> str:
        """Rulebook 003 §Final Score: tied players play again to determine the winner."""
        if not tied:
            return ""
        return self.tr.gettext(
            "{players} tie for the win: the rulebook has tied players play again"
        ).format(players=self.both([self.who(s, viewer) for s in tied]))


# -- the module's functions, in English unless a translator is given --------------------


def item_name(number: int, tr: Translator = ENGLISH) -> str:
    """Gadgets 1-5 by name; item 6 is whatever power the Agent has."""
    return SpyWorldText(tr).item(number)


def mission_requirement(mission: Mission, tr: Translator = ENGLISH) -> str:
    return SpyWorldText(tr).mission_requirement(mission)


def mission_by_id(mission_id: str) -> Mission:
    return next(m for m in missions() if m.id == mission_id)


def agent_summary(agent: Agent, tr: Translator = ENGLISH) -> str:
    return SpyWorldText(tr).agent_summary(agent)


def final_parts(tr: Translator = ENGLISH) -> list[tuple[str, str, str]]:
    """The lines of the final score sheet: (result key, label, why), in scoring order."""
    return SpyWorldText(tr).final_parts()


def rank_table_text(tr: Translator = ENGLISH) -> str:
    return SpyWorldText(tr).rank_table()


#: A message before it is put in words: its template and its parameters, each a value or
#: itself a message (a card's name), as :func:`topsecret.i18n.filled_message` reads it.
Message = tuple[str, dict[str, Any]]


def _card_message(front: str) -> Message | str:
    return (CARD_NAMES[front], {}) if front in CARD_NAMES else front


def _line_message(colour: str, number: int) -> Message:
    return (N_("row {number}") if colour == "R" else N_("column {number}"), {"number": number})


def offer_message(card: Card, back: Card, board: LairBoard) -> Message:
    """What taking a face-up card means, given the back on top of the deck above it, as a
    message each reader puts in their own language (the observation carries it, so that
    the browser shows it in the page's language)."""
    line = _line_message(back.colour, back.number)
    if card.front in UPGRADES:
        move: Message
        if board.upgrade_move == "shift":
            move = (N_("{cost} per row or column moved"), {"cost": board.upgrade_move_cost})
        else:
            other = _line_message("B" if back.colour == "R" else "R", back.number)
            move = (
                N_("{cost} to use {line} instead"),
                {"cost": board.upgrade_move_cost, "line": other},
            )
        params: dict[str, Any] = {"card": _card_message(card.front), "line": line, "move": move}
        if card.front in board.secrets:
            value = board.secrets[card.front]
            return (
                N_(
                    "draw {card} in an empty room of {line} ({move}); earns {now} now, worth "
                    "{end} at the end"
                ),
                {**params, "now": value.now, "end": value.end},
            )
        return (N_("draw {card} in an empty room of {line} ({move})"), params)
    if card.front == "wall":
        return (N_("draw a Wall on a side of a room in {line}"), {"line": line})
    if card.front in TRAINING:
        return (
            N_("pay {cost} for +{points} {stat}"),
            {"cost": back.number, "points": card.points, "stat": _card_message(card.front)},
        )
    change: Message
    if board.gadget_change == "step":
        change = (N_("{cost} per step to another number"), {"cost": board.gadget_change_cost})
    else:
        change = (N_("{cost} for any other"), {"cost": board.gadget_change_cost})
    return (
        N_("take gadget {number}, {gadget}, for free ({change})"),
        {"number": back.number, "gadget": (gadgets()[back.number - 1].name, {}), "change": change},
    )


def message_json(message: Message) -> list[Any]:
    """A message as JSON: ``[template, {name: value or message}]``."""
    template, params = message
    return [
        template,
        {k: message_json(v) if isinstance(v, tuple) else v for k, v in params.items()},
    ]


def offer_text(card: Card, back: Card, board: LairBoard, tr: Translator = ENGLISH) -> str:
    """What taking a face-up card means, given the back on top of the deck above it."""
    return SpyWorldText(tr).offer(card, back, board)


def describe_action(action: Action, tr: Translator = ENGLISH) -> str:
    """A button label: what the action does, with the names printed on the cards."""
    return SpyWorldText(tr).action(action)


def describe_event(event: Event, viewer: int | None, tr: Translator = ENGLISH) -> str | None:
    """One log line as the person at ``viewer`` reads it; ``None`` keeps it out of the log."""
    return SpyWorldText(tr).event(event, viewer)


def tie_sentence(tied: list[int], viewer: int | None, tr: Translator = ENGLISH) -> str:
    """Rulebook 003 §Final Score: tied players play again to determine the winner."""
    return SpyWorldText(tr).tie(tied, viewer)


__all__ = [
    "CARD_NAMES",
    "DATA_TEXTS",
    "OPTION_HELP",
    "RULE_CITATIONS",
    "SpyWorldText",
    "agent_summary",
    "describe_action",
    "describe_event",
    "final_parts",
    "illegal",
    "item_name",
    "message_json",
    "mission_requirement",
    "offer_message",
    "offer_text",
    "rank_table_text",
    "sentence",
    "tie_sentence",
    "view_assets",
]


def view_assets(board: LairBoard, expert: str, tr: Translator = ENGLISH) -> dict[str, Any]:
    """Public data for drawing and explaining a table: sheet geometry, board, cards, texts.

    The sentences (a mission's requirement, the score sheet's reasons, the rank table) are
    in ``tr``'s language; the names of ``data/`` are catalogue messages the browser looks up.
    """
    rules = sheet()
    grid = rules.grid
    return {
        "grid": {"rows": grid.rows, "cols": grid.cols},
        "start": list(grid.row_col(rules.start)),
        "entryway": [list(grid.row_col(r)) for r in sorted(rules.entryway)],
        "entry_forbidden": sorted(rules.entry_forbidden),
        "no_walls": [list(grid.edge_name(e)) for e in sorted(rules.no_wall_edges)],
        "blocked": [list(grid.row_col(r)) for r in sorted(board.blocked)],
        "board": {
            "id": board.id,
            "name": board.name,
            "number": board.number,
            "agents": board.agents,
            "special": board.special,
        },
        "costs": {
            kind: {
                "movement": cost.movement,
                "stealth": cost.stealth,
                "combat": cost.combat,
                "any": cost.any,
            }
            for kind, cost in board.costs.items()
        },
        "secrets": {kind: {"now": v.now, "end": v.end} for kind, v in board.secrets.items()},
        "names": dict(NAMES),
        "gadgets": [
            {
                "number": g.number,
                "name": g.name,
                "side": "expert" if expert[g.number - 1] == "E" else "normal",
                "text": (g.expert if expert[g.number - 1] == "E" else g.normal).text,
            }
            for g in gadgets()
        ],
        # In the order of ChooseAgent's index.
        "agents": [
            {"id": a.id, "name": a.name, "bonus": list(a.bonus), "text": a.text} for a in agents()
        ],
        "missions": {
            m.id: {
                "name": m.name,
                "requires": mission_requirement(m, tr),
                "money": m.money,
                "points": m.points,
            }
            for m in missions()
        },
        "stat_cap": rules.stat_cap,
        "earn_cap": rules.earn_cap,
        "bonus_costs": list(rules.bonus_costs),
        "final_parts": [list(p) for p in final_parts(tr)],
        "rank_table": rank_table_text(tr),
    }
