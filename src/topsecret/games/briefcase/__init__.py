"""The briefcase game (Rulebook 004): freelance agents, secret payoffs, challenges, Dr. Solomon."""

from .board import Board, load_board
from .game import BriefcaseGame, action_space
from .state import BriefcaseState

GAME = BriefcaseGame()

__all__ = ["GAME", "Board", "BriefcaseGame", "BriefcaseState", "action_space", "load_board"]
