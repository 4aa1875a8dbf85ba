"""The AP layer: cards, actions, events, games, sessions, views and logs (no pygame, no Pillow)."""
