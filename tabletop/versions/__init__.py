"""Versions of a prototype: every file of a game folder kept once by content hash, each version of the
folder named ``v1``, ``v2``... in order of first use, what changed between two, and a version as one file.

:mod:`~tabletop.versions.store` keeps the files (blobs named by their SHA-256), :mod:`~tabletop.versions.snapshot`
reads a game folder into a manifest (which file holds which blob) without hashing what has not changed,
:mod:`~tabletop.versions.index` lists a game's versions and their uses, :mod:`~tabletop.versions.checkout`
writes a stored version out to run its rules, :mod:`~tabletop.versions.changes` compares two versions,
and :mod:`~tabletop.versions.packs` reads and writes ``.tabletop`` files. Only files are read and written
here; loading a version's rules is :mod:`tabletop.plugins.versioned`'s, as any plugin's.
"""
