"""What a player of the briefcase game reads, in their language: action labels and menu
headings, event sentences, the terminal view, option labels and help, rule citations.

Every message is English in the source and translated through the seat's
:class:`~topsecret.i18n.Translator`. Rulebook 004 is printed in English only, so the other
languages have no printed vocabulary to follow: the agents (Spyglass, Beacon, Magician...),
Dr. Solomon and the cities keep the names on their cards and on the map in every language.
Seats are counted from 1, as players count them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core import Action, Event
from ...i18n import ENGLISH, N_, Translator
from ...i18n.table_text import TableText
from .actions import (
    BlowAgents,
    BurnAgent,
    CallAgent,
    CarryBriefcase,
    Challenge,
    Concede,
    LookAtPayoff,
    MoveAgent,
    Pass,
    PayAgent,
    PayNobody,
    PaySolomon,
    Raise,
    SetupPayoff,
    SkipPower,
    SpinAgent,
    VanishBriefcase,
    Wander,
)
from .rules import SOLOMON_NAME

#: The rule citations of ``rules.py`` (built there from the rulebook's section names), marked
#: here so that the catalogues hold them; a test checks that every citation is one of these.
RULE_CITATIONS: tuple[str, ...] = (
    N_("Rulebook 004 §Setup"),
    N_("Rulebook 004 §Game Play"),
    N_("Rulebook 004 §Make a Payoff"),
    N_("Rulebook 004 §Move An Agent"),
    N_("Rulebook 004 §Agent Abilities"),
    N_("Rulebook 004 §Burn an agent"),
    N_("Rulebook 004 §Challenges"),
    N_("Rulebook 004 §End of the Game"),
    N_("Rulebook 004 §Game Play (restricted marker)"),
    N_("project design (docs/games/briefcase.md)"),
    N_("project design (docs/games/briefcase.md) §Powers"),
)
#: Each option's label and help, and its choices' labels, for menus and the lobby.
OPTION_LABELS: Mapping[str, str] = {
    "map": N_("Map"),
    "hq_win": N_("Who wins at an HQ"),
}
OPTION_HELP: Mapping[str, str] = {
    "map": N_("path to a map TOML file (empty: the built-in map of Europe)"),
    "hq_win": N_(
        "who wins when the briefcase enters an HQ: 'mover', as printed, only the player "
        "who moves it into their own HQ; 'owner', a variant, that HQ's seat whoever moved it"
    ),
}
CHOICE_LABELS: Mapping[str, str] = {
    "mover": N_("the player who moves it into their own HQ"),
    "owner": N_("that HQ's player, whoever moved it"),
}

#: What a seat does, told in the reader's own person or the seat's ("You pass", "seat 2
#: passes"), by event kind; the numbers are the event's own ({amount}, {round}).
TOLD: Mapping[str, tuple[str, str]] = {
    "chosen": (N_("You placed the setup coins"), N_("{player} placed the setup coins")),
    "turn": (N_("Round {round}: your turn"), N_("Round {round}: turn of {player}")),
    "payoff": (N_('You: "I am making a payoff"'), N_('{player}: "I am making a payoff"')),
    "pass": (N_("You pass"), N_("{player} passes")),
    "challenge": (N_("You challenge: {amount}"), N_("{player} challenges: {amount}")),
    "raise": (N_("You: {amount}"), N_("{player}: {amount}")),
    "concede": (N_("You go no higher"), N_("{player} goes no higher")),
    "challenge_won": (
        N_("You won the challenge: the action does not happen"),
        N_("{player} won the challenge: the action does not happen"),
    ),
    "challenge_lost": (N_("You lost the challenge"), N_("{player} lost the challenge")),
    "restricted": (
        N_("You hang the RESTRICTED marker"),
        N_("{player} hangs the RESTRICTED marker"),
    ),
    "unrestricted": (
        N_("You take the RESTRICTED marker down"),
        N_("{player} takes the RESTRICTED marker down"),
    ),
}


class BriefcaseText(TableText):
    """The briefcase game's words for one seat, in that seat's language."""

    option_labels = OPTION_LABELS
    option_helps = OPTION_HELP
    choice_labels = CHOICE_LABELS

    def __init__(
        self,
        tr: Translator = ENGLISH,
        render: Callable[[Mapping[str, Any], Translator], Any] | None = None,
    ) -> None:
        super().__init__(tr)
        #: The game's ``render_text``, which finds the map the table is played on.
        self._render = render

    # -- names -------------------------------------------------------------------------
    def sovereigns(self, amount: int) -> str:
        return self.tr.ngettext("{count} sovereign", "{count} sovereigns", amount).format(
            count=amount
        )

    # -- actions -------------------------------------------------------------------------
    def action(self, action: Action) -> str:
        """One short sentence per action, as a player would say it at the table."""
        tr = self.tr
        match action:
            case SetupPayoff(first, second):
                return tr.gettext("Setup: 1 sovereign each on {first} and {second}").format(
                    first=first, second=second
                )
            case PayAgent(agent, amount):
                return tr.gettext("Pay off {agent} with {amount}").format(
                    agent=agent, amount=self.sovereigns(amount)
                )
            case PaySolomon():
                return tr.gettext("Pay off Dr. Solomon with 1 sovereign")
            case PayNobody():
                return tr.gettext("Make a payoff to no one")
            case MoveAgent(agent, city):
                return tr.gettext("{agent} to {city}").format(agent=agent, city=city)
            case BurnAgent(agent, target):
                return tr.gettext("{agent} is going to burn {target}").format(
                    agent=agent, target=target
                )
            case Challenge(amount):
                return tr.gettext("Challenge with {amount}").format(amount=amount)
            case Pass():
                return tr.gettext("Pass")
            case Raise(amount):
                return tr.gettext("Announce {amount}").format(amount=amount)
            case Concede():
                return tr.gettext("Announce no higher number")
            case CarryBriefcase(carry):
                if carry:
                    return tr.gettext("Take the briefcase along")
                return tr.gettext("Leave the briefcase")
            case CallAgent(agent):
                return tr.gettext("Beacon calls {agent}").format(agent=agent)
            case VanishBriefcase(city):
                return tr.gettext("Magician makes the briefcase reappear in {city}").format(
                    city=city
                )
            case SpinAgent(agent):
                return tr.gettext("Roulette spins {agent} away").format(agent=agent)
            case LookAtPayoff(seat, agent):
                return tr.gettext("Spyglass looks at the payoff of {player} on {agent}").format(
                    player=self.seat(seat), agent=agent
                )
            case BlowAgents(city):
                return tr.gettext("Tempest blows the others to {city}").format(city=city)
            case Wander(city):
                return tr.gettext("Vagabond wanders on to {city}").format(city=city)
            case SkipPower():
                return tr.gettext("Do not use the power")
        return repr(action)

    def action_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
        """Menu headings: payoffs per agent, challenge numbers and Spyglass looks per seat are
        gathered; everything else is a heading of its own."""
        tr = self.tr
        groups: dict[str, list[Action]] = {}
        for action in actions:
            match action:
                case PayAgent(agent, _):
                    key = tr.gettext("Pay off {agent}").format(agent=agent)
                case Challenge(_):
                    key = tr.gettext("Challenge")
                case Raise(_):
                    key = tr.gettext("Announce a higher number")
                case LookAtPayoff(seat, _):
                    key = tr.gettext("Spyglass looks at the payoffs of {player}").format(
                        player=self.seat(seat)
                    )
                case _:
                    key = self.action(action)
            groups.setdefault(key, []).append(action)
        out: list[tuple[str, list[Action]]] = []
        for key, members in groups.items():
            amounts = [getattr(a, "amount", None) for a in members]
            if len(members) == 1:
                key = self.action(members[0])
            elif all(isinstance(x, int) for x in amounts):
                key = f"{key} ({amounts[0]}-{amounts[-1]})"
            out.append((key, members))
        return out

    def menu_numbers(self, actions: Sequence[Action]) -> list[int] | None:
        """A menu of amounts (a payoff, a challenge, a higher number) is numbered by the
        amounts, so typing 8 challenges with 8."""
        amounts = [getattr(a, "amount", None) for a in actions]
        numbers = [x for x in amounts if isinstance(x, int)]
        if len(numbers) == len(actions) and len(set(numbers)) == len(numbers):
            return numbers
        return None

    # -- options -------------------------------------------------------------------------
    def special_value(self, name: str, value: object) -> str | None:
        if name == "map" and not value:
            return self.tr.gettext("the built-in map of Europe")
        return None

    # -- the table -----------------------------------------------------------------------
    def view(self, observation: Mapping[str, Any]) -> str:
        """One seat's view, with the map when the game's ``render_text`` was given."""
        if self._render is not None:
            return str(self._render(observation, self.tr))
        from .render import render_observation

        return render_observation(observation, None, self.tr)

    def die_face(self, obs: Mapping[str, Any]) -> str:
        """The face Dr. Solomon's die last showed, as the web table names it: his name, or
        the blank side in the reader's words."""
        roll = str(obs.get("last_roll") or "")
        if roll == "solomon":
            return SOLOMON_NAME
        return self.tr.gettext("blank") if roll == "blank" else roll

    def status(self, obs: Mapping[str, Any]) -> list[str]:
        """Round, track, briefcase, agents, seats, your shield, the challenge and the end."""
        tr = self.tr
        me = obs.get("seat")
        lines: list[str] = []
        if obs["track"] == 0:
            track = tr.gettext("the end of the track")
        else:
            track = tr.gettext("space {space}").format(space=obs["track"])
        if obs.get("last_roll"):
            line = tr.gettext("Round {round}; Dr. Solomon's die on {track} (last roll: {roll})")
        else:
            line = tr.gettext("Round {round}; Dr. Solomon's die on {track}")
        lines.append(line.format(round=obs["round"], track=track, roll=self.die_face(obs)))
        lines.append(tr.gettext("Briefcase in {city}").format(city=obs["briefcase"]))
        burnt = tr.gettext("burnt")
        for agent, city in obs["agents"].items():
            lines.append(f"  {agent:<9} {city if city is not None else burnt}")
        over = obs["phase"] == "over"
        setup = obs.get("setup")
        for seat, hq in enumerate(obs["hqs"]):
            tags = []
            # At setup everyone chooses at once: those still choosing are "to play".
            owes = seat not in setup["chosen"] if setup is not None else seat == obs["current"]
            if owes and not over:
                tags.append(tr.gettext("to play"))
            if obs["restricted"][seat]:
                tags.append(tr.gettext("RESTRICTED"))
            known = {a: n for a, n in obs["known_at_least"][seat].items() if n}
            if known:
                tags.append(
                    tr.gettext("revealed at least {payoffs}").format(
                        payoffs=", ".join(f"{a} {n}" for a, n in known.items())
                    )
                )
            made = obs["payoffs_made"][seat]
            line = tr.ngettext(
                "{player}: HQ {city}; {count} payoff", "{player}: HQ {city}; {count} payoffs", made
            ).format(player=self.seat_marked(seat, me), city=hq, count=made)
            lines.append("; ".join([line, *tags]))
        you = obs.get("you")
        if you is not None:
            paid = ", ".join(f"{a} {n}" for a, n in you["payoffs"].items() if n)
            lines.append(
                tr.gettext(
                    "Behind your shield: reserve {reserve}; paid {paid}; starting token {token}"
                ).format(
                    reserve=you["reserve"],
                    paid=paid or tr.gettext("nothing"),
                    token=you["starting_token"],
                )
            )
            for note in you["spied"]:
                lines.append(
                    "  "
                    + tr.gettext(
                        "Spyglass saw {player} with {amount} on {agent} (round {round})"
                    ).format(
                        player=self.seat(note["seat"]),
                        amount=note["amount"],
                        agent=note["agent"],
                        round=note["round"],
                    )
                )
        pending = obs.get("pending")
        if pending is not None:
            if pending["kind"] == "move":
                what = tr.gettext("{agent} to {city}").format(
                    agent=pending["agent"], city=pending["to"]
                )
            else:
                what = tr.gettext("{agent} burns {target}").format(
                    agent=pending["agent"], target=pending["target"]
                )
            lines.append(
                tr.gettext("{player} announced: {what}").format(
                    player=self.seat_marked(pending["seat"], me), what=what
                )
            )
            if pending["challenger"] is not None:
                lines.append(
                    "  "
                    + tr.gettext("{player} challenges; numbers so far: {numbers}").format(
                        player=self.seat_marked(pending["challenger"], me),
                        numbers=", ".join(str(b) for b in pending["bids"]),
                    )
                )
        if over:
            if obs["end_reason"] == "hq":
                reason = tr.gettext("the briefcase reached an HQ")
            else:
                reason = tr.gettext("Dr. Solomon")
            winners = self.seats_marked(obs["winners"], me)
            lines.append(
                tr.gettext("Game over ({reason}); winners: {players}").format(
                    reason=reason, players=winners
                )
            )
            lines.extend(self.shields(obs))
        return lines

    def shields(self, obs: Mapping[str, Any]) -> list[str]:
        """Rulebook 004 §End of the Game: every shield is lifted. Each seat's payoff to
        Dr. Solomon and reserve (which decide the winner), its payoffs to the agents and its
        starting token, as the game's end reveals them; nothing before the end."""
        revealed = obs.get("revealed")
        if revealed is None:
            return []
        tr = self.tr
        me = obs.get("seat")
        row = tr.gettext(
            "{player}: Dr. Solomon {solomon}; reserve {reserve}; starting token {token}"
        )
        agents = tr.gettext("paid to the agents: {paid}")
        lines = [tr.gettext("Behind every shield")]
        for seat, payoffs in enumerate(revealed["payoffs"]):
            paid = ", ".join(f"{a} {n}" for a, n in payoffs.items() if n and a != SOLOMON_NAME)
            lines.append(
                "  "
                + row.format(
                    player=self.seat_marked(seat, me),
                    solomon=payoffs.get(SOLOMON_NAME, 0),
                    reserve=revealed["reserves"][seat],
                    token=revealed["starting_tokens"][seat],
                )
            )
            lines.append("    " + agents.format(paid=paid or tr.gettext("nothing")))
        return lines

    # -- events --------------------------------------------------------------------------
    def event(self, event: Event, me: int | None) -> str | None:
        """One line of table talk per event, as the person at ``me`` would hear it."""
        tr, d = self.tr, event.data
        seat: Any = d.get("seat")
        if event.kind in TOLD:
            return self.told(
                seat, me, TOLD[event.kind], amount=d.get("amount"), round=d.get("round")
            )
        match event.kind:
            case "my_choice":
                return None
            case "setup_done":
                first = self.said(
                    d["first_player"],
                    me,
                    tr.gettext("You play first"),
                    tr.gettext("{player} plays first"),
                )
                return tr.gettext("Setup done. {first}").format(first=first)
            case "paid":
                if d["agent"] is None:
                    return tr.gettext("(you paid no one)")
                return tr.gettext("(you paid {amount} to {agent})").format(
                    amount=d["amount"], agent=d["agent"]
                )
            case "announce":
                if d["action"] == "move":
                    said = tr.gettext("{agent} to {city}").format(agent=d["agent"], city=d["to"])
                else:
                    said = tr.gettext("{agent} is going to burn {target}").format(
                        agent=d["agent"], target=d["target"]
                    )
                return self.said(
                    seat,
                    me,
                    tr.gettext('You: "{said}"'),
                    tr.gettext('{player}: "{said}"'),
                    said=said,
                )
            case "moved":
                return tr.gettext("{agent} moves from {origin} to {city}").format(
                    agent=d["agent"], origin=d["origin"], city=d["city"]
                )
            case "briefcase":
                return tr.gettext("The briefcase goes with {agent} to {city}").format(
                    agent=d["by"], city=d["city"]
                )
            case "briefcase_left":
                return tr.gettext("The briefcase stays in {city}").format(city=d["city"])
            case "power":
                return self._power(d, me)
            case "power_skipped":
                return tr.gettext("The power of {agent} is not used").format(agent=d["agent"])
            case "spied":
                return tr.gettext("(Spyglass shows you: {player} paid {amount} on {agent})").format(
                    player=self.seat(d["seat"]), amount=d["amount"], agent=d["agent"]
                )
            case "burnt":
                burnt = tr.gettext("{agent} is burnt by {by}.").format(agent=d["agent"], by=d["by"])
                removes = self.said(
                    seat,
                    me,
                    tr.gettext("You remove {amount} from {agent}"),
                    tr.gettext("{player} removes {amount} from {agent}"),
                    amount=self.sovereigns(d["removed"]),
                    agent=d["by"],
                )
                return f"{burnt} {removes}"
            case "solomon_advances":
                if d["space"] == 0:
                    return tr.gettext("Dr. Solomon advances his die to the end of the track")
                return tr.gettext("Dr. Solomon advances his die to space {space}").format(
                    space=d["space"]
                )
            case "solomon_rolls":
                if d["face"] == "solomon":
                    return tr.gettext("Dr. Solomon rolls his die: Dr. Solomon!")
                return tr.gettext("Dr. Solomon rolls his die: a blank face")
            case "game_over":
                winners = d["winners"]
                names = self.seats_marked(winners, me)
                if d["reason"] == "hq":
                    return tr.ngettext(
                        "Game over (the briefcase reached an HQ). Winner: {players}",
                        "Game over (the briefcase reached an HQ). Winners: {players}",
                        len(winners),
                    ).format(players=names)
                return tr.ngettext(
                    "Game over (Dr. Solomon's roll). Winner: {players}",
                    "Game over (Dr. Solomon's roll). Winners: {players}",
                    len(winners),
                ).format(players=names)
        return None

    def _power(self, d: Mapping[str, Any], me: int | None) -> str:
        tr = self.tr
        agent = d["agent"]
        if "briefcase" in d:
            return tr.gettext("{agent} makes the briefcase reappear in {city}").format(
                agent=agent, city=d["briefcase"]
            )
        if "looked_at" in d:
            if d["looked_at"] == me:
                return tr.gettext("{agent} looks at your payoff on {payee}").format(
                    agent=agent, payee=d["payee"]
                )
            return tr.gettext("{agent} looks at the payoff of {player} on {payee}").format(
                agent=agent, player=self.seat(d["looked_at"]), payee=d["payee"]
            )
        moved = d["moved"]
        if isinstance(moved, list):
            if not moved:
                return tr.gettext("{agent} blows no one away").format(agent=agent)
            return tr.gettext("{agent} blows {agents} to {city}").format(
                agent=agent, agents=", ".join(moved), city=d["city"]
            )
        if moved == agent:
            return tr.gettext("{agent} wanders on to {city}").format(agent=agent, city=d["city"])
        return tr.gettext("{agent}: {moved} goes from {origin} to {city}").format(
            agent=agent, moved=moved, origin=d["origin"], city=d["city"]
        )
