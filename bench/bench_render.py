"""Benchmark of the map renderer (not a test).

    .venv/bin/python bench/bench_render.py [--runs N]

Draws a phase of a 20-ship game at the map width (1000 px) (ranges and reach of the ships whose
turn it is included) and encodes it as the bot sends it (PNG bytes), N times;
prints the median, the median of Pillow saving an empty PNG of the same size
measured in the same run (a yardstick for this machine's speed), and their
ratio. Targets: median <= 80 ms and ratio <= 4.
"""
from __future__ import annotations

import argparse
import io
import statistics
import time

from PIL import Image

from renderer import ViewportMemory, render_map, render_map_bytes
from renderer.cannoni.board import to_act
from renderer.cannoni.samples import fleet_action, play

TARGET_MS = 80.0
TARGET_RATIO = 4.0


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description="map renderer benchmark")
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()

    views, _ = play(fleet_action(), seed=3, max_steps=40)
    # The busiest phase: twenty ships afloat and as many as possible still to act.
    view = max((v for v in views if sum(s["status"] == "afloat" for s in v["ships"]) == 20),
               key=lambda v: len(to_act(v)))
    memory = ViewportMemory()
    t = time.perf_counter()
    first = render_map(view, previous_frame=memory)
    cold = (time.perf_counter() - t) * 1000
    size = first.size

    def render() -> None:
        render_map_bytes(view, previous_frame=memory)

    def draw_only() -> None:
        render_map(view, previous_frame=memory)

    empty = Image.new("RGB", size, (255, 255, 255))

    def save_empty() -> None:
        empty.save(io.BytesIO(), "PNG")

    # Interleave the two measurements so that both see the same machine load.
    render_ms, empty_ms = [], []
    for _ in range(3):
        render_ms.append(median_ms(render, max(args.runs // 3, 1)))
        empty_ms.append(median_ms(save_empty, max(args.runs // 3, 1)))
    render_med = statistics.median(render_ms)
    empty_med = statistics.median(empty_ms)
    draw_med = median_ms(draw_only, max(args.runs // 3, 1))
    ratio = render_med / empty_med

    acting = len(to_act(view))
    print(f"view: turn {view['turn']} phase {view['phase']}, 20 ships afloat, {acting} to act; image {size[0]}x{size[1]}")
    print(f"first render (cold caches, incl. background): {cold:.1f} ms")
    print(f"render + PNG encode, median of {args.runs}:   {render_med:.1f} ms  (target <= {TARGET_MS:g} ms)"
          f"  {'OK' if render_med <= TARGET_MS else 'OVER'}")
    print(f"  of which drawing alone, median:             {draw_med:.1f} ms")
    print(f"Pillow saving an empty PNG of that size:      {empty_med:.1f} ms")
    print(f"ratio:                                        {ratio:.2f}  (target <= {TARGET_RATIO:g})"
          f"  {'OK' if ratio <= TARGET_RATIO else 'OVER'}")
    return 0 if render_med <= TARGET_MS and ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    raise SystemExit(main())
