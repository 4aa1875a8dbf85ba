"""Per-card analytics: each card's journey through the zones and what it has to do with winning."""
