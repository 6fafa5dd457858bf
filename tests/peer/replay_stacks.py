#!/usr/bin/env python3
"""Replays our exported PHH hands with PokerKit and prints its finishing stacks.

Usage: replay_stacks.py FILE.phhs...

Prints one JSON object per hand on stdout:
  {"file": ..., "hand": N, "finishing_stacks": [...]}   PokerKit played the hand out
  {"file": ..., "hand": N, "error": "..."}              PokerKit refused an action

`hand` is the file's `hand` field (the table's hand number). Each action is applied
with PokerKit's own parser, in file order, and nothing is repaired: a refused
action is an error (PokerKit's HandHistory iterator would instead check, call or fold
in its place). Between actions only PokerKit's automations run (antes, blinds, bet
collection, a single runout, hand killing, chip pushing and pulling), plus the burns, which our files record in
`_burns` and PokerKit takes as unknown cards.

Our variant codes outside the PHH standard (docs/phh.md, "Variant codes") are
registered here from PokerKit's own building blocks: pot-limit hold'em PT, Omaha
high NO/FO, Omaha hi/lo NO/8, PO/8 and a truly fixed-limit FO/8 (PokerKit 0.7.7's
FO/8 class is pot-limit), and five-card draw N5CD/P5CD/F5CD.
"""
import json
import sys
import warnings

from pokerkit import Automation, Opening, Street
from pokerkit.games import (
    Draw,
    FixedLimitPokerMixin,
    Holdem,
    NoLimitPokerMixin,
    PotLimitPokerMixin,
    SingleDraw,
    UnfixedLimitHoldem,
)
from pokerkit.hands import OmahaEightOrBetterLowHand, OmahaHoldemHand, StandardHighHand
from pokerkit.notation import HandHistory, parse_action
from pokerkit.utilities import Deck

HOLDEM = {"deck": Deck.STANDARD, "hand_types": (StandardHighHand,), "hole_dealing_count": 2}
OMAHA = {"deck": Deck.STANDARD, "hand_types": (OmahaHoldemHand,), "hole_dealing_count": 4}
OMAHA8 = {**OMAHA, "hand_types": (OmahaHoldemHand, OmahaEightOrBetterLowHand)}
DRAW = {"deck": Deck.STANDARD, "hand_types": (StandardHighHand,), "hole_dealing_count": 5}


class FixedLimitSingleDraw(Draw):
    """Five-card draw in fixed limit: the small bet before the draw, the big bet after."""

    def __init__(self, automations, ante_trimming_status, raw_antes,
                 raw_blinds_or_straddles, small_bet, big_bet, *, mode,
                 starting_board_count=1, divmod=divmod, rake=None):
        kwargs = {"mode": mode, "starting_board_count": starting_board_count,
                  "divmod": divmod}
        if rake is not None:
            kwargs["rake"] = rake
        cap = self.max_completion_betting_or_raising_count
        super().__init__(
            automations,
            (
                Street(False, (False,) * self.hole_dealing_count, 0, False,
                       Opening.POSITION, small_bet, cap),
                Street(True, (), 0, True, Opening.POSITION, big_bet, cap),
            ),
            ante_trimming_status, raw_antes, raw_blinds_or_straddles, 0, **kwargs)


def game(name, mixin, base, attrs):
    return type(name, (mixin, base), dict(attrs))


class ExportHandHistory(HandHistory):
    """PokerKit's hand histories with our variant codes registered."""

    game_types = {
        **HandHistory.game_types,
        "PT": game("PotLimitTexasHoldem", PotLimitPokerMixin, UnfixedLimitHoldem, HOLDEM),
        "NO": game("NoLimitOmaha", NoLimitPokerMixin, UnfixedLimitHoldem, OMAHA),
        "FO": game("FixedLimitOmaha", FixedLimitPokerMixin, Holdem, OMAHA),
        "NO/8": game("NoLimitOmaha8", NoLimitPokerMixin, UnfixedLimitHoldem, OMAHA8),
        "PO/8": game("PotLimitOmaha8", PotLimitPokerMixin, UnfixedLimitHoldem, OMAHA8),
        "FO/8": game("FixedLimitOmaha8", FixedLimitPokerMixin, Holdem, OMAHA8),
        "N5CD": game("NoLimitFiveCardDraw", NoLimitPokerMixin, SingleDraw, DRAW),
        "P5CD": game("PotLimitFiveCardDraw", PotLimitPokerMixin, SingleDraw, DRAW),
        "F5CD": game("FixedLimitFiveCardDraw", FixedLimitPokerMixin,
                     FixedLimitSingleDraw, DRAW),
    }
    variants = {v: k for k, v in game_types.items()}
    required_field_names = {
        **HandHistory.required_field_names,
        **{c: HandHistory.required_field_names["NT"]
           for c in ("PT", "NO", "NO/8", "PO/8", "N5CD", "P5CD")},
        **{c: HandHistory.required_field_names["FT"] for c in ("FO", "F5CD")},
    }


AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def burn(state):
    while state.can_burn_card():
        state.burn_card("??")


def play(hh):
    """PokerKit's finishing stacks for one hand, or raises ValueError."""
    state = hh.create_game()(hh.starting_stacks, len(hh.starting_stacks))
    for i, action in enumerate(hh.actions):
        burn(state)
        try:
            parse_action(state, action, hh.parse_value)
        except ValueError as e:
            raise ValueError(f"action {i + 1} {action!r}: {e}") from None
    burn(state)
    if state.status:
        raise ValueError("the actions end before the hand is over")
    return list(state.stacks)


def main(paths):
    warnings.simplefilter("ignore")
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for hh in ExportHandHistory.loads_all(text, automations=AUTOMATIONS):
            out = {"file": path, "hand": hh.hand}
            try:
                out["finishing_stacks"] = play(hh)
            except (ValueError, AssertionError) as e:
                out["error"] = str(e) or type(e).__name__
            print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
