"""Where each rule is printed: rulebook 001 (German text; French and Italian say the same).

Illegal actions and tests cite these so a player can look the rule up.
"""

from __future__ import annotations

SETUP = "Rulebook 001 §Spielvorbereitung (setup)"
HAND = "Rulebook 001 §Übersicht (always one agent and one location card)"
ACTIVE_MISSION = "Rulebook 001 §Aktive Mission (wink at the agent on your card)"
PASSIVE_MISSION = "Rulebook 001 §Passive Mission (look at the location on your card)"
FIRST_ROUND = "Rulebook 001 §Erste Runde (opening round: draw, pass the suitcase)"
FOLLOWING_ROUNDS = "Rulebook 001 §Folgende Runden (pass, discard and replace)"
OWN_AGENT = "Rulebook 001 §Folgende Runden, Hinweis (own agent card is discarded)"
COMPLETE_MISSION = "Rulebook 001 §Mission abschließen (only with the suitcase)"
ONLY_WINKER = "Rulebook 001 §Mission abschließen, WICHTIG (only the player who winked)"
MISSION_SUCCESS = "Rulebook 001 §Mission erfolgreich"
MISSION_FAILED = "Rulebook 001 §Mission fehlgeschlagen"
CATCHING = "Rulebook 001 §Ertappt! (catching a wink)"
GAME_END = "Rulebook 001 §Spielende"
HONOUR_CODE = "Rulebook 001 §Ehrenkodex (no false signals)"
SCREEN_SIGNALS = "docs/games/wink.md §Signals on a screen (project design)"
COMPANION = "docs/games/wink.md §Companion mode (project design)"
TURN_TIMER = "docs/games/wink.md §Turn timer (project design)"
