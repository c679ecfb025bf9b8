"""What the bench scripts print alike."""

from __future__ import annotations

import statistics


def print_decision_times(times: list[float], target: str) -> None:
    """Median, p95 and max of a bot's seconds per decision."""
    ordered = sorted(times)
    print(f"hard bot seconds per decision: median {statistics.median(ordered):.3f}, "
          f"p95 {ordered[int(0.95 * len(ordered))]:.3f}, max {ordered[-1]:.3f} "
          f"over {len(ordered)} decisions   (target: {target})")
