"""tabletop: a desktop playtest table for card-game prototypes."""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType

__version__ = "0.1.0"

MOVED = {
    "tabletop.engine.tricks": "tabletop.kit.tricks",
    "tabletop.engine.poker": "tabletop.kit.poker",
    "tabletop.engine.piles": "tabletop.kit.piles",
    "tabletop.engine.melds": "tabletop.kit.melds",
    "tabletop.engine.determinize": "tabletop.engine.worlds",
    "tabletop.engine.log": "tabletop.formats.log",
    "tabletop.engine.deckfile": "tabletop.formats.deckfile",
    "tabletop.engine.watchdog": "tabletop.plugins.watchdog",
    "tabletop.bots.wire": "tabletop.formats.wire",
    "tabletop.bots.process": "tabletop.plugins.process_bot",
    "tabletop.registry": "tabletop.plugins.registry",
    "tabletop.replays": "tabletop.plugins.replays",
    "tabletop.templates": "tabletop.scaffold.templates",
}
"""Modules that moved when the package was regrouped (old name -> new): games written against the old
names (a scaffolded market game imports ``tabletop.engine.piles``) keep working unchanged."""


class _MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers an old module name with the module under its new name (the very same module object)."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        """Return a spec for an old name of a moved module, else None."""
        return importlib.util.spec_from_loader(fullname, self) if fullname in MOVED else None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        """Return the module under its new name."""
        module = importlib.import_module(MOVED[spec.name])
        self.specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module ran under its new name. It gets its own spec back (the import system
        has just given it the old name's, which would make a package look like a plain module)."""
        module.__spec__ = self.specs[module.__name__]

    def __init__(self) -> None:
        self.specs: dict[str, importlib.machinery.ModuleSpec | None] = {}


if not any(isinstance(finder, _MovedModules) for finder in sys.meta_path):
    sys.meta_path.append(_MovedModules())
