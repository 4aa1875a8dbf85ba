"""How long a test waits for something that should come before it calls it hung.

A safety net only, never a measure: far past what the busiest machine makes of a command that works
(the suite must pass with eight busy processes beside it on two cores), so a test that hits it has
found a hang, not a slow moment.
"""

HANG = 900.0
"""Seconds a test waits for a command, a process or an answer before it fails as hung."""
