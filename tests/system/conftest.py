"""Everything in tests/system is marked slow: `pytest -m "not slow"` leaves the tier out.

The browser fixtures live here too: ``open_report`` opens a page in Debian's Chromium
(tests/browser.py) for any test of the tier marked ``browser``, and ``example_campaign`` is the
bundled example campaign's store, to make its report."""

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from tests import browser
from tests.paths import ROOT

HERE = Path(__file__).parent
REQUIRE_BROWSER = os.environ.get("CAMPAIGN_REQUIRE_BROWSER") == "1"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def chromium() -> Iterator:
    """One headless Chromium for the whole run (of a worker). Without Chromium or Playwright
    the tests that need it skip, saying why; with CAMPAIGN_REQUIRE_BROWSER=1 (CI) they fail."""
    reason = browser.missing()
    if reason:
        if REQUIRE_BROWSER:
            pytest.fail(f"CAMPAIGN_REQUIRE_BROWSER=1, but {reason}", pytrace=False)
        pytest.skip(reason)
    with browser.chromium() as launched:
        yield launched


@pytest.fixture
def open_report(request, chromium) -> Iterator[Callable]:
    """A page opener: ``open_report(path, viewport=None)`` opens the HTML file at ``path`` in a
    fresh browser context (1200×1800 unless ``viewport={"width": …, "height": …}``), waits for it
    to load and returns the Playwright ``Page``; every page is closed when the test ends.
    ``browser.problems(page)`` lists the console errors, page errors, failed loads and CSP
    violations seen so far — assert it is empty after acting on the page::

        @pytest.mark.browser
        def test_the_slider(open_report, tmp_path):
            page = open_report(write_the_report(tmp_path))
            page.keyboard.press("ArrowRight")
            assert browser.problems(page) == []

    The test must be marked ``browser`` (which marks it ``subprocess``, so ``slow``)."""
    if not request.node.get_closest_marker("browser"):
        pytest.fail("this test drives Chromium: mark it @pytest.mark.browser", pytrace=False)
    with ExitStack() as pages:

        def opener(path: Path, viewport: dict | None = None):
            return pages.enter_context(browser.open_page(chromium, path, viewport))

        yield opener


class Runner:
    """``campaign --db DB ARGS…`` in-process, which must succeed; returns stdout."""

    def __init__(self, db: str) -> None:
        self.db, self.runner = db, CliRunner()

    def __call__(self, *args: str) -> str:
        result = self.runner.invoke(app, ["--db", self.db, *args])
        assert result.exit_code == 0, (args, result.output)
        return result.stdout


@pytest.fixture(scope="module")
def example_campaign(tmp_path_factory) -> Runner:
    """The example campaign (examples/campaign/*.log) replayed once for a module's tests: call it
    as ``example_campaign("report", "-o", str(path))`` or ``example_campaign("status",
    "--as-of", "event:12", "--json")``; ``example_campaign.db`` is the store's file."""
    run = Runner(str(tmp_path_factory.mktemp("example") / "campaign.db"))
    run("replay", *map(str, sorted((ROOT / "examples" / "campaign").glob("*.log"))))
    return run
