"""Where each rule is printed: rulebook 001 (German text; French and Italian say the same).

Illegal actions and tests cite these so a player can look the rule up. They are catalogue
messages: the section names stay as printed in German in every language, the words in
brackets are translated.
"""

from __future__ import annotations

from ...i18n import N_

SETUP = N_("Rulebook 001 §Spielvorbereitung (setup)")
HAND = N_("Rulebook 001 §Übersicht (always one agent and one location card)")
ACTIVE_MISSION = N_("Rulebook 001 §Aktive Mission (wink at the agent on your card)")
PASSIVE_MISSION = N_("Rulebook 001 §Passive Mission (look at the location on your card)")
FIRST_ROUND = N_("Rulebook 001 §Erste Runde (opening round: draw, pass the suitcase)")
FOLLOWING_ROUNDS = N_("Rulebook 001 §Folgende Runden (pass, discard and replace)")
OWN_AGENT = N_("Rulebook 001 §Folgende Runden, Hinweis (own agent card is discarded)")
COMPLETE_MISSION = N_("Rulebook 001 §Mission abschließen (only with the suitcase)")
ONLY_WINKER = N_("Rulebook 001 §Mission abschließen, WICHTIG (only the player who winked)")
MISSION_SUCCESS = N_("Rulebook 001 §Mission erfolgreich")
MISSION_FAILED = N_("Rulebook 001 §Mission fehlgeschlagen")
CATCHING = N_("Rulebook 001 §Ertappt! (catching a wink)")
GAME_END = N_("Rulebook 001 §Spielende")
HONOUR_CODE = N_("Rulebook 001 §Ehrenkodex (no false signals)")
SCREEN_SIGNALS = N_("docs/games/wink.md §Signals on a screen (project design)")
LOOKING = N_("docs/games/wink.md §Looking takes a moment (project design)")
COMPANION = N_("docs/games/wink.md §Companion mode (project design)")
TURN_TIMER = N_("docs/games/wink.md §Turn timer (project design)")
