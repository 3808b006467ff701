"""Top Secret: four spy board games on one engine contract.

Layers import one way only:
``core`` <- ``games`` <- ``bots`` <- (``arena``, ``server``, ``rl``, ``cli``).
"""

__version__ = "0.1.0"
