# SPDX-License-Identifier: MIT
"""Headless Chromium driven through the DevTools protocol over a pipe
(--remote-debugging-pipe: JSON messages ending in NUL on fds 3 and 4), with
Python's standard library only.  Every console message, exception and
network request of the page is recorded so tests can check there were none
they did not expect."""

import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, width=1400, height=1000, timeout=20.0):
        exe = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
        if not exe:
            raise BrowserError("chromium not found (Debian package 'chromium', installed by .ci/deps)")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="refgen-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def child_fds():
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        args = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-sync",
                "--disable-background-networking", "--disable-component-update",
                "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
                "--user-data-dir=" + self.profile, "--window-size=%d,%d" % (width, height),
                "--remote-debugging-pipe", "about:blank"]
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=child_fds, pass_fds=(3, 4))
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buf = b""
        self._next_id = 0
        self.events = []
        self.session = None

    # ---- protocol -------------------------------------------------------------------
    def _read_message(self, deadline):
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("timed out waiting for chromium")
            ready, _, _ = select.select([self._from_chrome], [], [], left)
            if ready:
                chunk = os.read(self._from_chrome, 1 << 20)
                if not chunk:
                    raise BrowserError("chromium exited")
                self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=True):
        self._next_id += 1
        msg = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            m = self._read_message(deadline)
            if m.get("id") == self._next_id:
                if "error" in m:
                    raise BrowserError("%s: %s" % (method, m["error"].get("message")))
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_event(self, method, since=0):
        deadline = time.monotonic() + self.timeout
        while True:
            for m in self.events[since:]:
                if m["method"] == method:
                    return m
            since = len(self.events)
            self.events.append(self._read_message(deadline))

    # ---- a page ------------------------------------------------------------------------
    def open_page(self):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        r = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True},
                      session=False)
        self.session = r["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(domain + ".enable")

    def navigate(self, url):
        """Loads url; returns the milliseconds until the load event."""
        mark = len(self.events)
        t0 = time.monotonic()
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", mark)
        return (time.monotonic() - t0) * 1000.0

    def wait_navigation(self, mark):
        self.wait_event("Page.loadEventFired", mark)

    def js(self, expr):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True,
                                           "awaitPromise": True})
        if "exceptionDetails" in r:
            raise BrowserError("script failed: %s" % r["exceptionDetails"].get("text"))
        return r["result"].get("value")

    def screenshot(self, path, clip):
        r = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                 "clip": dict(clip, scale=1)})
        import base64
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    # ---- what the page did -------------------------------------------------------------
    def problems(self):
        """Console errors, exceptions, failed loads and non-local requests so far."""
        out = []
        for m in self.events:
            p, meth = m.get("params", {}), m["method"]
            if meth == "Runtime.exceptionThrown":
                out.append("exception: %s" % p["exceptionDetails"].get("text"))
            elif meth == "Runtime.consoleAPICalled" and p.get("type") in ("error", "warning", "assert"):
                out.append("console.%s: %s" % (p["type"], [a.get("value") for a in p.get("args", [])]))
            elif meth == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
                out.append("log %s: %s" % (p["entry"]["level"], p["entry"].get("text")))
            elif meth == "Network.loadingFailed":
                out.append("failed to load: %s" % p.get("errorText"))
            elif meth == "Network.requestWillBeSent":
                url = p["request"]["url"]
                if not (url.startswith("file:") or url.startswith("data:") or url == "about:blank"):
                    out.append("network request: %s" % url)
        return out

    def requests(self):
        return [m["params"]["request"]["url"] for m in self.events
                if m["method"] == "Network.requestWillBeSent"]

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)
        shutil.rmtree(self.profile, ignore_errors=True)
