"""The event decks of High Noon and A Fistful of Cards, as a part a table's ruleset is
composed with at the deal: `data.py` holds the 30 event cards and the decks a table may
choose; the rules each event brings react to the moments the core announces.
"""
