"""A headless Chromium driven over the DevTools protocol, with aiohttp's websocket client (no
Selenium, no browser download: Debian's `chromium` package, which .ci/run installs). The
playground's browser test and the preview's screenshots (preview.py) use it.

    async with chromium(url) as page:
        await page.wait_for("document.querySelector('#send') !== null")
        await page.evaluate("document.querySelector('#send').click()")
        await page.screenshot(path)                      # the whole window
        await page.screenshot(path, selector="#table")   # one element, however tall
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import re
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

CANDIDATES = ("chromium", "chromium-browser")
# The flags that work headless as root in a container, with nothing reaching the network.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--remote-debugging-port=0")
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")
START_TIMEOUT = 30.0


def find_chromium() -> str | None:
    return next((path for name in CANDIDATES if (path := shutil.which(name))), None)


class Page:
    """One tab: commands go out with an id and their answer is matched back to it."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.ws:
            if frame.type is not aiohttp.WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            waiter = self._waiting.pop(message.get("id", -1), None)
            if waiter is not None and not waiter.done():
                waiter.set_result(message)
        for waiter in self._waiting.values():
            if not waiter.done():
                waiter.set_exception(ConnectionError("the browser closed the page"))

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        waiter = asyncio.get_running_loop().create_future()
        self._waiting[number] = waiter
        await self.ws.send_str(json.dumps({"id": number, "method": method, "params": params}))
        message = await asyncio.wait_for(waiter, 20.0)
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error']}")
        result: dict[str, Any] = message.get("result", {})
        return result

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises are awaited)."""
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True,
                                 awaitPromise=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError(f"{expression!r} threw: "
                               f"{details.get('exception', {}).get('description', details)}")
        return result["result"].get("value")

    async def wait_for(self, expression: str, timeout: float = 10.0) -> Any:
        """Wait until the expression is truthy in the page; its value."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (value := await self.evaluate(expression)):
            if loop.time() > deadline:
                raise TimeoutError(f"the page never showed {expression!r} within {timeout} s")
            await asyncio.sleep(0.05)
        return value

    async def screenshot(self, path: Path, *, selector: str | None = None) -> None:
        """A PNG of the window, or of the first element `selector` finds (beyond the window's
        height too: Chromium draws what the clip covers)."""
        options: dict[str, Any] = {}
        if selector is not None:
            box = await self.evaluate(f"""(() => {{
                const box = document.querySelector({json.dumps(selector)})
                    ?.getBoundingClientRect();
                return box && {{x: box.left + scrollX, y: box.top + scrollY,
                                width: box.width, height: box.height}};
            }})()""")
            if not box:
                raise LookupError(f"nothing on the page matches {selector!r}")
            options = {"clip": {**box, "scale": 1}, "captureBeyondViewport": True}
        shot = await self.send("Page.captureScreenshot", format="png", **options)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))

    async def close(self) -> None:
        await self.ws.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


async def _devtools_url(process: asyncio.subprocess.Process) -> str:
    assert process.stderr is not None
    seen: list[str] = []
    while line := (await process.stderr.readline()).decode(errors="replace"):
        seen.append(line)
        if match := LISTENING.search(line):
            return match.group(1)
    raise RuntimeError("Chromium stopped before it listened:\n" + "".join(seen[-20:]))


async def _drain(stream: asyncio.StreamReader | None) -> None:
    # Chromium keeps logging to stderr; a full pipe would block it.
    while stream is not None and await stream.readline():
        pass


@contextlib.asynccontextmanager
async def chromium(url: str, *, width: int = 1440, height: int = 900) -> AsyncIterator[Page]:
    binary = find_chromium()
    if binary is None:
        raise RuntimeError("Chromium is not installed")
    profile = tempfile.mkdtemp(prefix="uno-chromium-")
    process = await asyncio.create_subprocess_exec(
        binary, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
        "about:blank", stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    drain: asyncio.Task[None] | None = None
    try:
        browser_ws = await asyncio.wait_for(_devtools_url(process), START_TIMEOUT)
        drain = asyncio.create_task(_drain(process.stderr))
        port = int(browser_ws.split(":")[2].split("/")[0])
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/json/list") as answer:
                targets = await answer.json(content_type=None)
            target = next(t for t in targets if t["type"] == "page")
            ws = await http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
            page = Page(ws)
            try:
                await page.send("Page.enable")
                await page.send("Emulation.setDeviceMetricsOverride", width=width,
                                height=height, deviceScaleFactor=1, mobile=False)
                await page.send("Page.navigate", url=url)
                yield page
            finally:
                await page.close()
    finally:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 10.0)
            except TimeoutError:
                process.kill()
                await process.wait()
        if drain is not None:
            drain.cancel()
        shutil.rmtree(profile, ignore_errors=True)
