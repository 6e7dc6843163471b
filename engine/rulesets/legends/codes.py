"""BANG! Legends' own refusal codes, with what each means (the registry adds them to the
engine's catalogue, engine/errors.py; docs/refusals.md lists them)."""
from __future__ import annotations

from ...say import N_

CODES: dict[str, str] = {
    "feat_not_revealed": N_("That Feat is not among the revealed Feats."),
    "feat_done": N_("This player already performed (or boasted about) this Feat, or one this turn."),
    "feat_requirement": N_("The Feat's requirement has not been met this turn."),
    "not_a_legend": N_("Only a Legend may do this."),
    "already_legend": N_("A Legend claims Feats; performing and boasting are behind them."),
    "claim_target": N_("A claim may only hit another Legend who has more than 1 life."),
}
