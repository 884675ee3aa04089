"""The suite's optional-dependency helpers (tests/conftest.py): a missing extra, browser
or corpus skips with a visible reason in a plain clone, and a missing extra or browser
fails instead under HOLDEM_REQUIRE_ALL=1 (CI), so that no test passes on nothing."""

from __future__ import annotations

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
