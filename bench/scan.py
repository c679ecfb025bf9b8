"""Photos of sheets read, measured: ``python bench/scan.py [--photos 200] [--dam 40] [--first 100000]``.

The photos come from tests/scan/photos.py (our PDFs, played on by hand, photographed on a table at up
to 30 degrees, turned, lit unevenly, shadowed, blurred, JPEG). The seeds start at 100000: never used
while the reader's thresholds were chosen (those were tuned on seeds 0..999).

Prints for Hamstern: how many photos were read and why the others were refused; of the cells read,
how many are right as read (an unsure cell counts as its guess), how many are wrong without being
marked unsure, how many sheets score right once their unsure cells are looked at, unsure cells per
sheet, and the 1-track; for dam trackers the same per strip. Then the time from photo bytes to result
(read_photo, decoding included): wall clock and this process's CPU time (the machine is shared: other
work slows the first, not the second).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.games.hamstern import scoring  # noqa: E402
from assistant.games.hamstern.layout import load_layout  # noqa: E402
from assistant.scan import ScanRefused, read_photo  # noqa: E402
from tests.scan.photos import MEASURE, dam_photo, hamstern_photo  # noqa: E402


def timed(data: bytes):
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        return read_photo(data), None, time.perf_counter() - wall, time.process_time() - cpu
    except ScanRefused as refusal:
        return None, refusal.key, time.perf_counter() - wall, time.process_time() - cpu


def hamstern_figures(seeds) -> list[tuple[float, float]]:
    refused, times = Counter(), []
    cells = right = missed = unsure = sheets = scored_right = score_right_raw = track_right = 0
    for seed in seeds:
        photo = hamstern_photo(seed)
        load_layout(photo.truth.side)  # a cave is made once (seconds), as the score check page has done
        result, why, wall, cpu = timed(photo.data)
        times.append((wall, cpu))
        if result is None:
            refused[why] += 1
            continue
        layout = load_layout(photo.truth.side)
        truth = photo.truth.crossed
        wrong = result.crossed ^ truth
        sheets += 1
        cells += len(layout.cells)
        right += len(layout.cells) - len(wrong)
        missed += len(wrong - result.unsure)
        unsure += len(result.unsure)
        corrected = (result.crossed - result.unsure) | (truth & result.unsure)
        scored_right += _total(layout, corrected) == _total(layout, truth)
        score_right_raw += _total(layout, result.crossed) == _total(layout, truth)
        track_right += result.one_track_struck == photo.truth.one_track_struck or result.one_track_unsure
        if wrong - result.unsure:
            print(f"  seed {seed}: misread without a mark {sorted(wrong - result.unsure)} "
                  f"({photo.camera['pen']}, {photo.camera['hand']})")
    total = len(seeds)
    print(f"Hamstern: {total} photos, {sheets} read, refused {dict(refused) or 'none'}")
    if sheets:
        print(f"  cells right as read: {right}/{cells} = {100 * right / cells:.2f} %")
        print(f"  cells wrong and not marked unsure: {missed} ({100 * missed / cells:.3f} %); "
              f"cells right once the unsure ones are looked at: {100 * (cells - missed) / cells:.2f} %")
        print(f"  unsure cells: {unsure} ({unsure / sheets:.1f} a sheet, {100 * unsure / cells:.1f} % of cells)")
        print(f"  sheets scoring right once their unsure cells are looked at: {scored_right}/{sheets}; "
              f"as read, without looking: {score_right_raw}/{sheets}")
        print(f"  1-track count right or marked unsure: {track_right}/{sheets}")
    return times


def _total(layout, cells) -> int:
    return scoring.breakdown(layout, layout.mask(cells)).total


def dam_figures(seeds) -> list[tuple[float, float]]:
    refused, times = Counter(), []
    strips = piles = pile_unsure = tokens = token_unsure = 0
    for seed in seeds:
        photo = dam_photo(seed)
        result, why, wall, cpu = timed(photo.data)
        times.append((wall, cpu))
        if result is None:
            refused[why] += 1
            continue
        for read, truth in zip(result.strips, photo.truth.strips, strict=True):
            strips += 1
            piles += read.flood_pile == truth.flood_pile or read.flood_pile_unsure
            pile_unsure += read.flood_pile_unsure
            tokens += read.dam_tokens == truth.dam_tokens or read.dam_tokens_unsure
            token_unsure += read.dam_tokens_unsure
    print(f"Dam trackers: {len(seeds)} photos, refused {dict(refused) or 'none'}, {strips} strips read")
    if strips:
        print(f"  flood pile right or marked unsure: {piles}/{strips} (marked unsure: {pile_unsure})")
        print(f"  flood tokens right or marked unsure: {tokens}/{strips} (marked unsure: {token_unsure})")
    return times


def show_times(times: list[tuple[float, float]]) -> None:
    walls, cpus = sorted(t[0] for t in times), sorted(t[1] for t in times)
    if not walls:
        return
    p90 = walls[int(0.9 * (len(walls) - 1))]
    print(f"Time from photo to result ({len(walls)} photos): wall median {statistics.median(walls):.2f} s, "
          f"90th percentile {p90:.2f} s, most {walls[-1]:.2f} s; CPU median {statistics.median(cpus):.2f} s, "
          f"most {cpus[-1]:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200, help="Hamstern photos")
    parser.add_argument("--dam", type=int, default=40, help="dam tracker photos")
    parser.add_argument("--first", type=int, default=MEASURE.start, help="the first seed")
    args = parser.parse_args()
    times = hamstern_figures(range(args.first, args.first + args.photos))
    times += dam_figures(range(args.first, args.first + args.dam))
    show_times(times)


if __name__ == "__main__":
    main()
