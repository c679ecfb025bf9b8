"""Scoring and ranking (RULINGS.md section 1, "Scoring" and the tie-breaks)."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.games import standings as ranking
from assistant.games.hamstern.layout import Layout

ACORN_POINTS = (0, 2, 4, 8, 16)
TIE_BREAKS = ("chambers", "mushrooms", "acorns")


@dataclass(frozen=True)
class Breakdown:
    chambers: int
    mushrooms: int
    acorns: int
    complete: tuple[str, ...]  # ids of the completely filled chambers

    @property
    def total(self) -> int:
        return self.chambers + self.mushrooms + self.acorns

    def ranking_key(self) -> tuple[int, ...]:
        """Most points first, then the tie-breaks in order (RULINGS.md section 1)."""
        return (self.total, self.chambers, self.mushrooms, self.acorns)

    def to_data(self) -> dict:
        return {
            "chambers": self.chambers,
            "mushrooms": self.mushrooms,
            "acorns": self.acorns,
            "complete_chambers": list(self.complete),
        }


def breakdown(layout: Layout, crossed: int) -> Breakdown:
    """Full chambers score their points; mushrooms 1 each; acorns 2/4/8/16 (wherever they are)."""
    complete = [
        chamber for chamber, mask in zip(layout.chambers, layout.chamber_masks, strict=True) if crossed & mask == mask
    ]
    return Breakdown(
        chambers=sum(chamber.points for chamber in complete),
        mushrooms=(crossed & layout.mushroom_mask).bit_count(),
        acorns=ACORN_POINTS[(crossed & layout.acorn_mask).bit_count()],
        complete=tuple(chamber.id for chamber in complete),
    )


def winners(breakdowns: list[Breakdown]) -> list[int]:
    """Players sharing first place: most points, then chambers, mushrooms, acorns."""
    return ranking.best([b.ranking_key() for b in breakdowns])


def standings(breakdowns: list[Breakdown], *, over: bool) -> dict:
    """Places, totals with their breakdowns, winners and the tie-break that decided."""
    return ranking.table([b.ranking_key() for b in breakdowns], [b.total for b in breakdowns], over=over,
                         breakdowns=[b.to_data() for b in breakdowns],
                         decided_by=deciding_tie_break(breakdowns) if over else None)


def deciding_tie_break(breakdowns: list[Breakdown]) -> str | None:
    """Which step decided first place: None (the totals), "chambers", "mushrooms",
    "acorns", or "shared" when the winners are still tied after every step."""
    top = winners(breakdowns)
    if len(top) > 1:
        return "shared"
    winner = breakdowns[top[0]].ranking_key()
    rivals = [b.ranking_key() for i, b in enumerate(breakdowns) if i != top[0] and b.total == winner[0]]
    if not rivals:
        return None
    # Each rival level on total loses at the first step where it differs; the
    # winner needed every step up to the latest of those.
    steps_needed = max(next(p for p in range(1, 4) if rival[p] != winner[p]) for rival in rivals)
    return TIE_BREAKS[steps_needed - 1]
