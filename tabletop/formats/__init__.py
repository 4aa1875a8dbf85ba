"""File formats: game logs, deck files, and views as data (JSON for bots in other processes)."""
