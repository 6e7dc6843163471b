"""The official 3- and 8-player games (the Dodge City and The Bullet rulebooks), as two
parts a table's ruleset is composed with at the deal (engine/parts.py): `three.py`, the
3-player game (roles face up, each hunting a target, a reward for every elimination),
and `eight.py`, the 8-player game (two Deputies, three Outlaws, two Renegades, each
Renegade for himself); `texts.py` holds their rules reference entries. Both go with the
base game and BANG! Legends; BANG! Star Wars keeps the 4 to 7 of its own rulebook.
"""
