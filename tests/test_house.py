"""The house in subpackages (issue 17): the old flat module paths still work, with a
DeprecationWarning naming the new path, and give the very same module objects; pickles
and saved data that name old classes load; the top of the package stays small."""

from __future__ import annotations

import importlib
import pickle
import sys
from pathlib import Path

import pytest

import holdem
from holdem import _moved

PACKAGE = Path(holdem.__file__).parent


@pytest.mark.parametrize("old, new", sorted(_moved.MOVED.items()))
def test_an_old_module_path_is_the_new_module_after_a_warning(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} is deprecated: it moved to {new}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new and module.__spec__ is not None
    assert module.__spec__.name == new


def test_from_old_module_import_name_works() -> None:
    sys.modules.pop("holdem.phh", None)
    with pytest.warns(DeprecationWarning, match="holdem.records"):
        from holdem.phh import replay  # type: ignore[import-not-found,unused-ignore]
    from holdem.records import replay as new_replay

    assert replay is new_replay


def test_an_old_attribute_of_the_package_warns_and_gives_the_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # an earlier `import holdem.signing` leaves the attribute behind; start without it
    monkeypatch.delattr(holdem, "signing", raising=False)
    with pytest.warns(DeprecationWarning, match="holdem.signing is deprecated"):
        module = holdem.signing
    assert module is importlib.import_module("holdem.engine.signing")


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nonesuch'"):
        holdem.nonesuch  # noqa: B018


def test_a_pickle_naming_an_old_class_loads() -> None:
    old = b"choldem.hand\nHand\n."  # protocol 0: the class Hand by its old path
    sys.modules.pop("holdem.hand", None)
    with pytest.warns(DeprecationWarning):
        cls = pickle.loads(old)
    assert cls is holdem.Hand


def test_packages_that_were_modules_export_what_they_did() -> None:
    from holdem.equity import equity
    from holdem.table import Level, Table
    from holdem.views import seat_view

    assert (equity, Table, Level, seat_view) == (
        holdem.equity,
        holdem.Table,
        holdem.Level,
        holdem.seat_view,
    )


def test_the_top_of_the_package_holds_about_a_dozen_modules_at_most() -> None:
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(modules) <= 12, modules
    packages = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    for name in packages:
        doc = (
            importlib.import_module(f"holdem.{name}").__doc__
            if name
            not in (
                "batch",
                "envs",
                "server",
            )
            else (PACKAGE / name / "__init__.py").read_text(encoding="utf-8")
        )
        assert doc and len(doc) > 80, f"holdem.{name} says what lives there"
