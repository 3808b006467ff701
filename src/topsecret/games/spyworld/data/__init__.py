"""SpyWorld component data files (TOML)."""
