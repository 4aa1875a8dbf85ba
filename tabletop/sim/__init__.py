"""Headless many-game runs: the simulator, its statistics and result files (never imports ui)."""
