"""Screenshots (PNG) and window recordings: MP4 through PyAV, else an animated GIF through Pillow.

Frames are copied on the UI thread (one ``tobytes`` call) and encoded on a background thread
fed by a bounded queue: when the encoder falls behind, the UI waits rather than dropping
frames, so a recording is complete and the stall is visible in the reported timing.

Each frame lasts as long as it was on screen: a frame taken at a real time lasts until the next
one is taken (a window drawing 8 frames a second still records 10 s as 10 s), and a frame equal
to the one before only lengthens it. Video frames carry their time (variable frame rate), so a
table standing still costs the encoder nothing.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import pygame
from PIL import Image

from tabletop.i18n import _
from tabletop.ui.files import WriteFailed, write_whole

RECORDINGS = Path("recordings")
"""Where screenshots and recordings go unless a path is given."""
QUEUE_FRAMES = 8
ANIMATIONS = (".gif", ".webp")
"""File types recorded as an animation through Pillow; every other one is a video through PyAV."""


def timestamped(folder: Path, prefix: str, suffix: str) -> Path:
    """Return ``folder/prefix-YYYYmmdd-HHMMSS<suffix>``, numbered if it already exists."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{prefix}-{stamp}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{prefix}-{stamp}-{n}{suffix}"
        n += 1
    return path


def save_screenshot(surface: pygame.Surface, path: Path | None = None) -> Path:
    """Save ``surface`` as a PNG at ``path`` (default ``recordings/screenshot-<time>.png``); return the path."""
    path = path or timestamped(RECORDINGS, "screenshot", ".png")
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_whole(path, lambda target: pygame.image.save(surface, str(target)))


def has_video() -> bool:
    """Return True when PyAV can be imported (the ``tabletop[video]`` extra)."""
    try:
        import av  # noqa: F401
    except ImportError:
        return False
    return True


def even_size(size: tuple[int, int]) -> tuple[int, int]:
    """Return ``size`` rounded down to even numbers (H.264 needs even frame dimensions)."""
    return (max(2, size[0] - size[0] % 2), max(2, size[1] - size[1] % 2))


class Recorder:
    """Records frames offered by the table to a video file on a background thread.

    ``path`` ending in .gif or .webp records an animation (Pillow); anything else a video (PyAV,
    else an animated GIF beside it, said through ``say``).
    """

    def __init__(self, path: Path | None, size: tuple[int, int], *, fps: int = 30,
                 say: Callable[[str], None] = print, video: bool | None = None) -> None:
        self.size = even_size(size)
        self.fps = fps
        self.say = say
        wanted_animation = path is not None and path.suffix.lower() in ANIMATIONS
        self.video = (has_video() if video is None else video) and not wanted_animation
        if path is None:
            path = timestamped(RECORDINGS, "recording", ".mp4" if self.video else ".gif")
        elif not self.video and not wanted_animation:
            kind = path.suffix[1:].upper() or "MP4"
            path = path.with_suffix(".gif")
            say(_("PyAV is not installed (pip install 'tabletop[video]'): recording an animated GIF ({file})"
                  " instead of {kind}").format(file=path.name, kind=kind))
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.frames = 0
        self.copy_seconds = 0.0
        self.error: str | None = None
        self._next = 0.0
        self._pending: tuple[bytes, int, float | None] | None = None  # the last frame: data, periods, taken at
        self._first: float | None = None
        self._queue: queue.Queue[tuple[bytes, int] | None] = queue.Queue(maxsize=QUEUE_FRAMES)
        self._thread = threading.Thread(target=self._run, name="recorder", daemon=True)
        self._thread.start()

    def due(self, now: float | None) -> bool:
        """True when :meth:`offer` at ``now`` (None: untimed) would take a frame."""
        return now is None or now >= self._next

    def offer(self, surface: pygame.Surface, now: float | None = None, *, hold: int = 1) -> bool:
        """Record ``surface`` if a frame is due at ``now`` (None: always); return True if taken.

        Taken at a time, a frame lasts until the next frame is taken; with no time it lasts
        ``hold`` frame periods (an instant run draws one frame per move, which would otherwise
        fly past at 30 moves a second).
        """
        if now is not None:
            if now < self._next:
                return False
            # Keep to the frame rate without bursting after a stall.
            self._next = max(self._next + 1 / self.fps, now)
        started = time.perf_counter()
        w, h = self.size
        if surface.get_size() != (w, h):
            frame = pygame.Surface((w, h))
            frame.blit(surface, (0, 0))
            surface = frame
        data = pygame.image.tobytes(surface, "RGB")
        self.copy_seconds += time.perf_counter() - started
        if self.error is not None:
            return True
        pending = self._pending
        if pending is not None and pending[0] == data:
            # The same picture again: the frame on file only lasts longer.
            self._pending = (data, pending[1] + (0 if now is not None else max(1, hold)), pending[2])
            return True
        if pending is not None:
            self._send(pending, now)
        if now is not None and self._first is None:
            self._first = now
        self._pending = (data, max(1, hold), now)
        return True

    def close(self) -> Path | None:
        """Finish the file and return its path, or None when nothing could be written (said why)."""
        if self._pending is not None and self.error is None:
            last = self._pending[2]
            self._send(self._pending, None if last is None else last + 1 / self.fps)
            self._pending = None
        self._queue.put(None)
        self._thread.join()
        if self.error is not None:
            self.say(_("Recording failed: {problem}").format(problem=self.error))
            return None
        ms = 1000 * self.copy_seconds / max(1, self.frames)
        self.say(_("Recorded {frames} frames ({width}x{height}, {ms:.1f} ms copy per frame) to {file}").format(
            frames=self.frames, width=self.size[0], height=self.size[1], ms=ms, file=self.path))
        return self.path

    def _send(self, pending: tuple[bytes, int, float | None], until: float | None) -> None:
        """Queue a finished frame: one timed by the clock lasts until ``until`` (counted from the first)."""
        data, hold, taken = pending
        if taken is not None and until is not None and self._first is not None:
            start = round((taken - self._first) * self.fps)
            hold = max(1, round((until - self._first) * self.fps) - start)
        self._queue.put((data, hold))
        self.frames += 1

    # -- encoder thread ------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            write_whole(self.path, self._encode_video if self.video else self._encode_animation)
        except Exception as exc:  # a failed encoder or a full disk must not take the table down
            self.error = str(exc) if isinstance(exc, WriteFailed) else f"{type(exc).__name__}: {exc}"
            while self._queue.get() is not None:  # keep draining so the UI never blocks
                pass

    def _frames(self) -> Any:
        """Yield (image, frame periods to show it) until the recording stops."""
        while True:
            item = self._queue.get()
            if item is None:
                return
            data, hold = item
            yield Image.frombytes("RGB", self.size, data), hold

    def _encode_video(self, target: Path) -> None:
        import av

        with av.open(str(target), mode="w") as container:
            try:
                stream = container.add_stream("libx264", rate=self.fps)
                stream.options = {"preset": "veryfast", "crf": "23"}
            except Exception:  # PyAV built without libx264
                stream = container.add_stream("mpeg4", rate=self.fps)
            stream.width, stream.height = self.size
            stream.pix_fmt = "yuv420p"
            stream.time_base = Fraction(1, self.fps)
            pts = 0
            last: tuple[Image.Image, int] | None = None
            for image, hold in self._frames():
                self._put(container, stream, image, pts)
                pts += hold
                last = (image, hold)
            if last is not None and last[1] > 1:
                # A video frame lasts until the next one: the last picture is put again at the end
                # of its hold, or the file would stop (and say it stops) where that hold begins.
                self._put(container, stream, last[0], pts - 1)
            for packet in stream.encode():
                container.mux(packet)

    def _put(self, container: Any, stream: Any, image: Image.Image, pts: int) -> None:
        """Encode ``image`` shown from frame period ``pts`` on."""
        import av

        frame = av.VideoFrame.from_image(image)
        frame.pts, frame.time_base = pts, Fraction(1, self.fps)
        for packet in stream.encode(frame):
            container.mux(packet)

    def _encode_animation(self, target: Path) -> None:
        frames, durations = [], []
        pts = 0
        for image, hold in self._frames():
            frames.append(image.quantize(colors=255) if self.path.suffix.lower() == ".gif" else image)
            # A GIF counts time in hundredths: each frame ends where its time rounds to, so the
            # rounding never adds up over a long recording.
            start, pts = round(pts * 100 / self.fps), pts + hold
            durations.append(max(10, (round(pts * 100 / self.fps) - start) * 10))
        if not frames:
            frames, durations = [Image.new("RGB", self.size)], [round(1000 / self.fps)]
        frames[0].save(target, save_all=True, append_images=frames[1:], duration=durations, loop=0)


def draw_rec_mark(surface: pygame.Surface, text: Any, px: int) -> None:
    """Draw the red REC mark in the top-left corner (after the frame was recorded)."""
    r = max(5, px // 2)
    pygame.draw.circle(surface, (230, 30, 30), (px, px), r)
    label = text.render("REC", px, (255, 80, 80))
    surface.blit(label, (px + r + 4, px - label.get_height() // 2))
