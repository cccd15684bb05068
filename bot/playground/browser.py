"""A headless Chromium for the playground's browser tests and the preview's screenshots, driven by
Playwright for Python (a maintained client; issue 34) with Debian's `chromium` package as its
browser (`executable_path`, which .ci/run installs): Playwright's own browser download
(`playwright install`) is never run, and could not reach its host from these machines.

    async with chromium(url, width=390, height=844) as page:   # a Playwright Page
        await wait_for(page, "document.querySelector('#send') !== null")
        await page.locator("#send").click()       # waits until it is visible and uncovered
        await page.screenshot(path=path)          # the window
        await page.locator("#table").screenshot(path=path)   # one element, however tall
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import AsyncIterator
from typing import Any

from playwright.async_api import Page, async_playwright

__all__ = ["Page", "chromium", "find_chromium", "wait_for"]

CANDIDATES = ("chromium", "chromium-browser")
# Headless as root in a container, with nothing reaching the network (Playwright adds its own
# headless and automation flags, and --no-sandbox: its Chromium sandbox is off by default).
FLAGS = ("--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
TIMEOUT = 10.0  # seconds an action or a wait may take before it fails


def find_chromium() -> str | None:
    return next((path for name in CANDIDATES if (path := shutil.which(name))), None)


@contextlib.asynccontextmanager
async def chromium(url: str, *, width: int = 1440, height: int = 900) -> AsyncIterator[Page]:
    """A page of `width` × `height` CSS pixels with `url` loaded."""
    binary = find_chromium()
    if binary is None:
        raise RuntimeError("Chromium is not installed (Debian: apt-get install chromium)")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=binary, args=list(FLAGS))
        try:
            page = await browser.new_page(viewport={"width": width, "height": height})
            page.set_default_timeout(TIMEOUT * 1000)
            await page.goto(url)
            yield page
        finally:
            await browser.close()


async def wait_for(page: Page, expression: str, timeout: float = TIMEOUT) -> Any:
    """Wait until a JavaScript expression is truthy in the page; its value."""
    handle = await page.wait_for_function(expression, timeout=timeout * 1000)
    return await handle.json_value()
