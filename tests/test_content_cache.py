"""The content cache: a cold start reads the validated content from the user's cache folder, and
any change to the data files or the content code is read afresh."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nncli.notebook import content_cache, content_loader
from nncli.notebook.content import DATA_DIR, Content


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("NNCLI_CACHE_DIR", str(folder))
    return folder


def reading_forbidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(data_dir: Path | None = None) -> Content:
        raise AssertionError("the data files were read although the cache holds them")

    monkeypatch.setattr(content_loader, "load_content", refuse)


def test_the_second_load_comes_from_the_cache(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = content_cache.load(DATA_DIR)
    assert [p.name for p in cache.iterdir()] == [f"content-{content_cache.digest(DATA_DIR)}.pickle"]
    reading_forbidden(monkeypatch)
    assert content_cache.load(DATA_DIR) == fresh


def test_the_cache_holds_what_the_files_say(cache: Path) -> None:
    first = content_cache.load(DATA_DIR)
    assert content_cache.load(DATA_DIR) == first == content_loader.load_content(DATA_DIR)


def test_changed_data_is_read_afresh(cache: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    before = content_cache.load(data)
    rules = data / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    assert "resource_max = " in text
    rules.write_text(text.replace("resource_max = ", "resource_max = 1", 1), encoding="utf-8")
    assert content_cache.digest(data) != content_cache.digest(DATA_DIR)
    after = content_cache.load(data)
    assert after.limits["resource_max"] == int(f"1{before.limits['resource_max']}")
    assert len(list(cache.iterdir())) == 2


def test_a_damaged_cache_is_read_afresh_and_mended(cache: Path) -> None:
    fresh = content_cache.load(DATA_DIR)
    kept = next(cache.iterdir())
    kept.write_bytes(b"not a pickle")
    assert content_cache.load(DATA_DIR) == fresh
    assert kept.read_bytes() != b"not a pickle"


def test_a_cache_folder_that_cannot_be_written_is_no_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("in the way")
    monkeypatch.setenv("NNCLI_CACHE_DIR", str(blocked / "cache"))
    assert content_cache.load(DATA_DIR) == content_loader.load_content(DATA_DIR)


def test_an_empty_setting_turns_the_cache_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NNCLI_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert content_cache.cache_dir() is None
    content_cache.load(DATA_DIR)
    assert list(tmp_path.iterdir()) == []


def test_the_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NNCLI_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert content_cache.cache_dir() == tmp_path / "nncli"


def test_no_home_folder_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    def nowhere() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("NNCLI_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(Path, "home", nowhere)
    assert content_cache.cache_dir() is None
    assert content_cache.load(DATA_DIR) == content_loader.load_content(DATA_DIR)
