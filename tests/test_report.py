"""``broadside campaign-report``: a game's story as one self-contained page, checked in
Python and opened in a real headless Chromium."""
from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from renderer import DEFAULT_THEME
from renderer.summary import WIDTH, describe_summary
from rules.core.record import GameRecord, replay
from rules.core.registry import get_ruleset
from rules.core.summary import summarise

RECORD = Path(__file__).resolve().parent.parent / "records" / "cannoni-frigate-duel.json"


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.battles = 0
        self.images: list[tuple[str, str]] = []
        self.log_lines = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and a.get("class") == "battle":
            self.battles += 1
        if tag == "img":
            self.images.append((a.get("src") or "", a.get("alt") or ""))
        if tag == "li":
            self.log_lines += 1

    def handle_data(self, data):
        self.text.append(data)


def _image(src: str) -> Image.Image:
    found = re.match(r"data:image/(png|gif);base64,(.*)$", src, re.S)
    assert found, src[:40]
    return Image.open(io.BytesIO(base64.b64decode(found[2])))


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "duel.html"
    assert main(["campaign-report", str(RECORD), "--out", str(out)]) == 0
    return out


def test_the_page_holds_the_result_the_maps_and_the_public_log(page):
    parsed = Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    record = GameRecord.load(RECORD)
    result, _ = replay(record)
    public = [e for s in result.steps for e in s.events if e.to is None and e.kind != "roll"]
    assert parsed.battles == 1 and parsed.log_lines == len(public)
    (card, card_alt), (final_map, map_alt), (gif, gif_alt) = parsed.images
    # the summary card the thread got at the end, with its alt text
    _, states = replay(record, keep_states=True)
    summary = summarise(get_ruleset(record.ruleset), states)
    assert _image(card).format == "PNG" and _image(card).width == WIDTH
    assert card_alt == describe_summary(summary) and "Turn 3: struck: HMS Indefatigable." in card_alt
    assert _image(final_map).format == "PNG" and "HMS Indefatigable" in map_alt
    animation = _image(gif)
    assert animation.format == "GIF" and animation.n_frames > 3
    text = " ".join(parsed.text)
    assert f"{result.outcome.winner} wins" in text
    # Nothing secret: no chit a player placed face down is named before it was shown.
    assert not any(e.to is not None for e in public)
    assert "http" not in page.read_text(encoding="utf-8").replace("http-equiv", "")  # self-contained


def test_a_wrong_file_gets_one_clear_line(tmp_path, capsys):
    bad = tmp_path / "notes.json"
    bad.write_text("{}", encoding="utf-8")
    assert main(["campaign-report", str(bad)]) == 2
    assert main(["campaign-report", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and err[0].startswith("broadside: ") and "no such file" in err[1]


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here: the page was not opened in a browser "
                                              "(.ci/run installs Debian's chromium)")
def test_chromium_opens_the_page_and_shows_its_images(page, tmp_path):
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={tmp_path / 'profile'}", "--hide-scrollbars"]
    dom = subprocess.run([*flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    parsed = Page()
    parsed.feed(dom.stdout)
    assert parsed.battles == 1 and len(parsed.images) == 3 and parsed.log_lines > 10, dom.stderr[-500:]
    shot = tmp_path / "shot.png"
    subprocess.run([*flags, "--window-size=900,1400", f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120, check=True)
    # The browser drew the map: the map's most common colour (its sea) covers a large part
    # of the screenshot, which a broken image (an empty box) would not.
    _, sea = max(_image(parsed.images[1][0]).convert("RGB").getcolors(1 << 24))
    pixels = Image.open(shot).convert("RGB").getcolors(1 << 24)
    near = sum(n for n, colour in pixels if max(abs(a - b) for a, b in zip(colour, sea)) <= 6)
    assert near > 0.1 * 900 * 1400, (sea, near)
    # and the summary card: its dark header band, 40rem wide (the map's band is the
    # width of the page)
    shot_img = Image.open(shot).convert("RGB")
    dark = [sum(1 for x in range(shot_img.width)
                if max(abs(a - b) for a, b in zip(shot_img.getpixel((x, y)), DEFAULT_THEME.header_bg)) <= 6)
            for y in range(0, shot_img.height, 2)]
    card_rows = sum(1 for n in dark if 500 <= n <= 660)
    assert card_rows * 2 > 60, card_rows
