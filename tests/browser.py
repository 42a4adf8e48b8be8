"""Debian's Chromium, driven headless by Playwright for Python, for the tests that look at the
report as a reader does (docs/ARCHITECTURE.md#tests) and for the screenshot in docs/.

Playwright drives the system's ``/usr/bin/chromium`` (``CAMPAIGN_CHROMIUM`` names another): no
browser is downloaded, ever (no ``playwright install``). The flags below keep Chromium off the
network, and Playwright gives each launch a fresh profile directory of its own. For a page
opened with :func:`open_page`, :func:`problems` tells what went wrong in it: console errors,
uncaught exceptions, failed loads, Content-Security-Policy violations.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Playwright is a dev dependency: imported only where a browser is launched
    from playwright.sync_api import Browser, Page

CHROMIUM = os.environ.get("CAMPAIGN_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
VIEWPORT = {"width": 1200, "height": 1800}
TIMEOUT_MS = 60_000  # a 4 MB page on a loaded 2-core machine: seconds, not a minute

# Runs in the page before its own content: a CSP violation is an event, not always a console line.
_LISTEN = """
window.__problems = [];
document.addEventListener("securitypolicyviolation", (e) => window.__problems.push(
    `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`));
"""


def missing() -> str | None:
    """Why no browser test can run here, or None when Chromium and Playwright are both there."""
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).is_file()):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[dev]')"
    return None


@contextmanager
def chromium() -> Iterator[Browser]:
    """Launch Debian's Chromium headless; closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=FLAGS, timeout=TIMEOUT_MS
        )
        try:
            yield browser
        finally:
            browser.close()


_SEEN: dict[int, list[str]] = {}  # id(page): what its listeners heard


@contextmanager
def open_page(browser: Browser, path: Path, viewport: dict | None = None) -> Iterator[Page]:
    """Open the file ``path`` (a ``file://`` URL) in a fresh context of ``browser``, wait until
    it has loaded, and yield the page; :func:`problems` tells what went wrong in it so far."""
    context = browser.new_context(viewport=viewport or VIEWPORT)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    seen = _SEEN.setdefault(id(page), [])
    page.on("console", lambda m: m.type == "error" and seen.append(f"console: {m.text}"))
    page.on("pageerror", lambda error: seen.append(f"page error: {error}"))
    page.on("requestfailed", lambda r: seen.append(f"request failed: {r.url} {r.failure}"))
    page.add_init_script(_LISTEN)
    try:
        page.goto(Path(path).resolve().as_uri(), wait_until="load")
        yield page
    finally:
        _SEEN.pop(id(page), None)
        context.close()


def problems(page: Page) -> list[str]:
    """The console errors, uncaught exceptions, failed loads and Content-Security-Policy
    violations of a page opened by :func:`open_page`, up to now."""
    return [*_SEEN.get(id(page), []), *page.evaluate("window.__problems || []")]


def screenshot(page: Page, out: Path, full_page: bool = True) -> Path:
    """Save the page as a PNG at ``out``."""
    page.screenshot(path=str(out), full_page=full_page, type="png")
    return out
