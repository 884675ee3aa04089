"""The suite's optional-dependency helpers (tests/conftest.py): a missing extra, browser
or corpus skips with a visible reason in a plain clone, and a missing extra or browser
fails instead under HOLDEM_REQUIRE_ALL=1 (CI), so that no test passes on nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import conftest


def test_require_returns_the_module() -> None:
    assert conftest.require("json.decoder", "the standard library").__name__ == "json.decoder"


def test_require_skips_with_the_reason_normally(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "REQUIRE_ALL", False)
    with pytest.raises(pytest.skip.Exception) as caught:
        conftest.require("no_such_module_xyz", "the zz extra")
    assert "no_such_module_xyz is not installed (the zz extra)" in str(caught.value)


def test_require_fails_under_require_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "REQUIRE_ALL", True)
    with pytest.raises(pytest.fail.Exception) as caught:
        conftest.require("no_such_module_xyz", "the zz extra")
    assert str(caught.value).startswith("HOLDEM_REQUIRE_ALL=1 but no_such_module_xyz")


def test_require_chromium_fails_under_require_all_when_absent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(conftest, "REQUIRE_ALL", True)
    monkeypatch.setenv("HOLDEM_CHROMIUM", "")
    monkeypatch.setenv("PATH", "")
    with pytest.raises(pytest.fail.Exception, match="no Chromium browser found"):
        conftest.require_chromium()
    monkeypatch.setattr(conftest, "REQUIRE_ALL", False)
    with pytest.raises(pytest.skip.Exception, match="no Chromium browser found"):
        conftest.require_chromium()


def test_require_chromium_reads_holdem_chromium(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    browser = tmp_path / "my-chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    monkeypatch.setenv("HOLDEM_CHROMIUM", str(browser))
    assert conftest.require_chromium() == str(browser)


def test_corpus_file_skips_without_holdem_corpus_even_under_require_all(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(conftest, "REQUIRE_ALL", True)
    monkeypatch.delenv("HOLDEM_CORPUS", raising=False)
    with pytest.raises(pytest.skip.Exception, match="HOLDEM_CORPUS is not set"):
        conftest.corpus_file("phh-nlhe-public.jsonl")
    monkeypatch.setenv("HOLDEM_CORPUS", str(tmp_path))
    with pytest.raises(pytest.skip.Exception, match="is not in HOLDEM_CORPUS"):
        conftest.corpus_file("phh-nlhe-public.jsonl")
    (tmp_path / "phh-nlhe-public.jsonl").write_text("{}\n")
    assert conftest.corpus_file("phh-nlhe-public.jsonl") == tmp_path / "phh-nlhe-public.jsonl"


def _run_pytest(folder: Path, files: dict[str, str], require_all: bool) -> tuple[int, str]:
    """Run pytest in a subprocess on ``files`` with this suite's conftest."""
    (folder / "conftest.py").write_text(Path(conftest.__file__).read_text(encoding="utf-8"))
    for name, text in files.items():
        (folder / name).write_text(text)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOLDEM_")}
    if require_all:
        env["HOLDEM_REQUIRE_ALL"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", "-q", str(folder)],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.returncode, done.stdout


SKIPPING = {
    "test_module_skip.py": "import pytest\n"
    'pytest.importorskip("no_such_module_xyz", reason="the zz extra")\n'
    "def test_a():\n    pass\n",
    "test_in_test_skip.py": "import pytest\ndef test_b():\n    pytest.skip('no reason')\n",
    "test_corpus.py": "from conftest import corpus_file\n"
    "def test_c():\n    corpus_file('x.jsonl')\n",
    "test_plain.py": "def test_d():\n    assert True\n",
}


def test_every_skip_but_the_corpus_fails_under_require_all(tmp_path: Path) -> None:
    """A plain `pytest.importorskip` or `pytest.skip` cannot hide a missing extra in CI."""
    files = {k: v for k, v in SKIPPING.items() if k != "test_module_skip.py"}
    status, out = _run_pytest(tmp_path, files, require_all=True)
    assert status == 1, out
    assert "HOLDEM_REQUIRE_ALL=1 but this was skipped: Skipped: no reason" in out
    assert "1 failed, 1 passed, 1 skipped" in out, out
    assert "HOLDEM_CORPUS is not set" in out


def test_a_module_level_importorskip_fails_collection_under_require_all(
    tmp_path: Path,
) -> None:
    status, out = _run_pytest(tmp_path, SKIPPING, require_all=True)
    assert status == 2, out
    assert "ERROR collecting test_module_skip.py" in out
    assert "HOLDEM_REQUIRE_ALL=1 but this was skipped: Skipped: the zz extra" in out


def test_skips_stay_skips_without_require_all(tmp_path: Path) -> None:
    status, out = _run_pytest(tmp_path, SKIPPING, require_all=False)
    assert status == 0, out
    assert "1 passed, 3 skipped" in out, out
