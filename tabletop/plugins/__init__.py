"""Plugins and their isolation: the registry of games and bots, discovery, probing in child
processes, untrusted bots in processes of their own, and replaying a log of any registered game."""
