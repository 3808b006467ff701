"""The lair boards in the box (TOML)."""
