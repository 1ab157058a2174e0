"""What the README tells a new contributor about running the tests is true of the test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import shared_file
from tests.web.conftest import chromium_path

ROOT = Path(__file__).resolve().parents[1]
README = " ".join((ROOT / "README.md").read_text().split())  # as read: its line breaks are no matter


def test_the_readme_says_browser_tests_need_chromium_and_how_ci_installs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert "**Browser tests**" in README and "`.ci/system-deps`" in README and "`LEXIGRID_CHROMIUM`" in README
    assert "apt-get install" in (ROOT / ".ci" / "system-deps").read_text()  # as the README says
    monkeypatch.setenv("LEXIGRID_CHROMIUM", "/opt/my/chromium")
    assert chromium_path() == "/opt/my/chromium"
    monkeypatch.delenv("LEXIGRID_CHROMIUM")
    monkeypatch.setenv("PATH", "/nonexistent")
    assert chromium_path() is None  # and the browser fixture then skips


def test_the_readme_says_tests_needing_shared_data_skip_without_it() -> None:
    assert "`../shared/`" in README and "they skip, each saying which file is absent" in README
    with pytest.raises(pytest.skip.Exception, match=r"no-such-file\.txt is absent"):
        shared_file("no-such-file.txt")
