"""The PR layer: the pygame-ce window, scenes, layout, card art, input, animation and capture."""
