"""The game kit: mechanics shared by games (tricks, poker hands, piles and rows, melds)."""
