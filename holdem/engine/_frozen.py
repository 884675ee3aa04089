"""Fast construction of the engine's frozen attrs classes on its hot path.

attrs' ``__init__`` of a frozen class sets each field through
``object.__setattr__``; filling the slots through their descriptors builds
the very same object (equal, same hash, repr and immutability) in about half
the time. The engine builds a :class:`~holdem.engine.betting.LegalActions` per
decision and the pots and result at every settlement this way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def fast_constructor(cls: type[T]) -> Callable[..., T]:
    """A function ``build(*values)`` making ``cls(*values)`` with every field given.

    Args:
        cls: a slotted attrs class whose fields have no validator, converter
            or ``on_setattr`` hook and which caches no hash (so that its
            ``__init__`` only stores the values).

    Returns:
        A function taking every field positionally, in attrs' field order,
        and returning the instance.

    Raises:
        TypeError: ``cls`` is not such a class.
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    if "__slots__" not in cls.__dict__ or any(
        f.validator is not None or f.converter is not None or f.on_setattr is not None
        for f in fields
    ):
        raise TypeError(f"{cls.__name__} is not a plain slotted attrs class")
    if "__attrs_post_init__" in cls.__dict__ or "_attrs_cached_hash" in cls.__slots__:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}'s __init__ does more than store the values")
    names = [f.name for f in fields]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for name in names:
        namespace[f"_set_{name}"] = getattr(cls, name).__set__
    lines = [f"def build({', '.join(names)}):", "    obj = _new(_cls)"]
    lines += [f"    _set_{name}(obj, {name})" for name in names]
    lines.append("    return obj")
    exec("\n".join(lines), namespace)  # noqa: S102 - field names from attrs only
    build: Callable[..., T] = namespace["build"]
    return build
