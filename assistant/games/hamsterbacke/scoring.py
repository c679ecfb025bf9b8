"""Hamsterbacke scores (RULINGS.md section 4, K4): the score pile minus the hand; the blocking
stack does not count. The highest total wins; equal totals share the place."""

from __future__ import annotations

from assistant.games import standings as ranking


def total(score_pile: int, hand: int) -> int:
    return score_pile - hand


def standings(score_piles: list[int], hands: list[int], blocking: list[int], *, over: bool) -> dict:
    totals = [total(pile, hand) for pile, hand in zip(score_piles, hands, strict=True)]
    breakdowns = [{"score_pile": pile, "hand": hand, "blocking": stack}
                  for pile, hand, stack in zip(score_piles, hands, blocking, strict=True)]
    return ranking.table(totals, totals, over=over, breakdowns=breakdowns)
