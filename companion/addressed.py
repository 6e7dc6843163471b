"""The second person on one's own phone: a message about a seat, read on that seat's phone.

The engine says "{seat} has no cards in hand." with `seat="Ann"`: the host screen, the other
phones and the records read it so. On Ann's phone the same message reads "You have no
cards in hand." This table gives, for each English template that can name the phone's own
player, and for each argument that names him there, the template said to him (its
placeholders: the base template's, less that argument). The wording layer
(`companion.i18n.localize(..., reader=seat)`) takes it when that argument is, exactly,
the reader's seat name; a nested message (a label, a cause) is looked at the same way.
Messages on the wire, in the log and in records stay as the engine made them.

Each variant is an entry of the catalogs (`N_`, `N_plural` mark them for `make messages`),
translated like any other. The pages' own sentences have their table in
static/js/addressed.js.
"""
from __future__ import annotations

from engine.say import KEY, PLURAL, N_, is_message


def N_plural(singular: str, plural_: str) -> tuple[str, str]:
    """Mark a plural variant (its two English forms) for the catalogs."""
    return singular, plural_


# {English template (a plural's singular): {argument naming the reader: variant}}
SECOND_PERSON: dict[str, dict[str, str | tuple[str, str]]] = {
    # -- the distance calculator and the reach of one's weapon (engine/table.py)
    "{seat}'s {card}": {"seat": N_("your {card}")},
    "{seat} is at distance {distance}; {shooter}'s {weapon} reaches {range}.": {
        "shooter": N_("{seat} is at distance {distance}; your {weapon} reaches {range}."),
        "seat": N_("You are at distance {distance}; {shooter}'s {weapon} reaches {range}.")},
    "{card} reaches distance 1 only, and {seat} is at distance {distance} (weapons do not "
    "help).": {"seat": N_("{card} reaches distance 1 only, and you are at distance "
                          "{distance} (weapons do not help).")},
    "{seat} already has a {card} in play.": {"seat": N_("You already have a {card} in play.")},
    "{seat} has been eliminated.": {"seat": N_("You have been eliminated.")},
    # -- answers, questions and refusals of one's own moves
    "{seat} is out of the game.": {"seat": N_("You are out of the game.")},
    "{seat} is not being asked anything.": {"seat": N_("You are not being asked anything.")},
    "{seat} has no cards in hand.": {"seat": N_("You have no cards in hand.")},
    "{seat} answers with {card}.": {"seat": N_("You answer with {card}.")},
    "{seat} answers with {played} as {card}.": {"seat": N_("You answer with {played} as {card}.")},
    "{seat} must now discard a BANG! or lose the Duel.": {
        "seat": N_("You must now discard a BANG! or lose the Duel.")},
    "{seat} needs one more Missed! against {source}'s BANG!": {
        "seat": N_("You need one more Missed! against {source}'s BANG!"),
        "source": N_("{seat} needs one more Missed! against your BANG!")},
    "{source}'s {card} misses {seat}.": {
        "seat": N_("{source}'s {card} misses you."),
        "source": N_("Your {card} misses {seat}.")},
    "{seat} has no {card} in play.": {"seat": N_("You have no {card} in play.")},
    "{seat} ignores the {card}.": {"seat": N_("The {card} has no effect on you.")},
    "{seat} cannot go above {n} {life}.": {"seat": N_("You cannot go above {n} {life}.")},
    "{seat} shoots a free BANG! at {target}.": {
        "seat": N_("You shoot a free BANG! at {target}."),
        "target": N_("{seat} shoots a free BANG! at you.")},
    "{seat} has been eliminated and takes no part.": {
        "seat": N_("You have been eliminated and take no part.")},
    "{seat} is out of the game once the open questions are answered, and takes no part.": {
        "seat": N_("You are out of the game once the open questions are answered, and take "
                   "no part.")},
    "{waiting} must answer first: {seat}'s last life point is taken once the questions of "
    "this turn are settled.": {
        "seat": N_("{waiting} must answer first: your last life point is taken once the "
                   "questions of this turn are settled."),
        "waiting": N_("You must answer first: {seat}'s last life point is taken once the "
                      "questions of this turn are settled.")},
    "It is {seat}'s turn.": {"seat": N_("It is your turn.")},
    "It is {seat}'s turn, not {other}'s.": {"other": N_("It is {seat}'s turn, not yours.")},
    "Waiting for an answer from {seats}.": {"seats": N_("Waiting for your answer.")},
    "{seat} must first {check} for the {card}.": {"seat": N_("You must first {check} for the {card}.")},
    "{seat} has already drawn this turn.": {"seat": N_("You have already drawn this turn.")},
    "{seat} has no {card} to check for.": {"seat": N_("You have no {card} to check for.")},
    "{seat} has no Dynamite or Jail to draw! for.": {
        "seat": N_("You have no Dynamite or Jail to draw! for.")},
    "{seat} has nothing in play that asks for a check.": {
        "seat": N_("You have nothing in play that asks for a check.")},
    "{seat} has {n} card in hand, and this needs {need}.": {
        "seat": N_plural("You have {n} card in hand, and this needs {need}.",
                         "You have {n} cards in hand, and this needs {need}.")},
    "{seat} holds {hand} cards with a limit of {limit}: {n} must be discarded.": {
        "seat": N_plural("You hold {hand} cards with a limit of {limit}: {n} must be discarded.",
                         "You hold {hand} cards with a limit of {limit}: {n} must be discarded.")},
    "{seat} may only discard down to the limit: {n} card, not {given}.": {
        "seat": N_plural("You may only discard down to the limit: {n} card, not {given}.",
                         "You may only discard down to the limit: {n} cards, not {given}.")},
    "{character} cannot take the first card from {seat}.": {
        "seat": N_("{character} cannot take the first card from you.")},
    "{seat} is dying: a Beer now, or out of the game.": {
        "seat": N_("You are dying: a Beer now, or out of the game.")},
    "{seat} has no energy left: a Bacta Tank now, or out of the game.": {
        "seat": N_("You have no energy left: a Bacta Tank now, or out of the game.")},
    "{seat} is asked again, a Beer now, or out of the game.": {
        "seat": N_("You are asked again: a Beer now, or out of the game.")},
    "{seat} is asked again, with the corrected counts.": {
        "seat": N_("You are asked again, with the corrected counts.")},
    "The question to {seat} is closed.": {"seat": N_("The question to you is closed.")},
    "The Duel is over: {seat} has nothing left to answer.": {
        "seat": N_("The Duel is over: you have nothing left to answer.")},
    "{seat} is above 0 life again: the question to {seat} is closed.": {
        "seat": N_("You are above 0 life again: the question to you is closed.")},
    # -- the log: what happens to one's own seat
    "{seat} takes {n} card ({why}).": {
        "seat": N_plural("You take {n} card ({why}).", "You take {n} cards ({why}).")},
    "{seat} discards {n} ({why}).": {
        "seat": N_plural("You discard {n} ({why}).", "You discard {n} ({why}).")},
    "{seat}: {life} {before} → {after} ({why}).": {
        "seat": N_("Your {life}: {before} → {after} ({why}).")},
    "{card} from {seat}": {"seat": N_("your {card}")},
    "{character}: from {seat}'s hand": {"seat": N_("{character}: from your hand")},
    "{character}: {seat}'s cards": {"seat": N_("{character}: your cards")},
    "{card}: a card from {seat}'s hand": {"seat": N_("{card}: a card from your hand")},
    "{played}: {seat}'s {card}": {"seat": N_("{played}: your {card}")},
    "a gift from {seat}": {"seat": N_("a gift from you")},
    "{seat} is out of the game once the open questions are answered.": {
        "seat": N_("You are out of the game once the open questions are answered.")},
    "{seat} is eliminated: {role}.": {"seat": N_("You are eliminated: {role}.")},
    "{seat}'s turn.": {"seat": N_("Your turn.")},
    "The host acts for {seat}, whose phone is off:": {
        "seat": N_("The host acts for you while your phone is off:")},
    "Host: it is now {seat}'s turn.": {"seat": N_("Host: it is now your turn.")},
    "{seat}'s weapon range {ranges}.": {"seat": N_("Your weapon range {ranges}.")},
    "The host: {seat}'s weapon range {ranges}.": {"seat": N_("The host: your weapon range {ranges}.")},
    "{seat} puts {cards} in play and takes {gone} out of play.": {
        "seat": N_("You put {cards} in play and take {gone} out of play.")},
    "{seat} takes {cards} out of play.": {"seat": N_("You take {cards} out of play.")},
    "{seat} puts {cards} in play.": {"seat": N_("You put {cards} in play.")},
    "The host puts {cards} in front of {seat} and takes {gone} away from {seat}.": {
        "seat": N_("The host puts {cards} in front of you and takes {gone} away from you.")},
    "The host takes {cards} away from {seat}.": {"seat": N_("The host takes {cards} away from you.")},
    "The host puts {cards} in front of {seat}.": {"seat": N_("The host puts {cards} in front of you.")},
    "{seat}'s {what} goes from {before} to {after}.": {
        "seat": N_("Your {what} goes from {before} to {after}.")},
    "The host sets {seat}'s {what} from {before} to {after}.": {
        "seat": N_("The host sets your {what} from {before} to {after}.")},
    "{seat} plays {card} at {target}.": {
        "seat": N_("You play {card} at {target}."),
        "target": N_("{seat} plays {card} at you.")},
    "{seat} plays {card}.": {"seat": N_("You play {card}.")},
    "A BANG! at {target} costs {n} more card from hand.": {
        "target": N_plural("A BANG! at you costs {n} more card from hand.",
                           "A BANG! at you costs {n} more cards from hand.")},
    "{seat} discards a random card from hand.": {
        "seat": N_("You discard a random card from your hand.")},
    "{seat}'s {card} is discarded.": {"seat": N_("Your {card} is discarded.")},
    "{seat}'s {card} is discarded for the new weapon.": {
        "seat": N_("Your {card} is discarded for the new weapon.")},
    "{seat}, the Sheriff, eliminated a Deputy and discards every card in hand and in play.": {
        "seat": N_("You, the Sheriff, eliminated a Deputy and discard every card in hand "
                   "and in play.")},
    "The {card} explodes in front of {seat}!": {"seat": N_("The {card} explodes in front of you!")},
    "{seat} escapes from Jail.": {"seat": N_("You escape from Jail.")},
    "{seat} stays in Jail and misses the turn.": {"seat": N_("You stay in Jail and miss the turn.")},
    "{seat} draws! for {why}: {card}.": {"seat": N_("You draw! for {why}: {card}.")},
    "The {card} passes to {seat}.": {"seat": N_("The {card} passes to you.")},
    "{seat} takes a card from {other}'s hand.": {
        "seat": N_("You take a card from {other}'s hand."),
        "other": N_("{seat} takes a card from your hand.")},
    "{seat} leaves the first card (The Oregon Trail).": {
        "seat": N_("You leave the first card (The Oregon Trail).")},
    "{card}: {seat} gains {won}, never above the starting {life}. The rulebook does not say; "
    "this is the app's reading (rules page: {card}).": {
        "seat": N_("{card}: you gain {won}, never above the starting {life}. The rulebook "
                   "does not say; this is the app's reading (rules page: {card}).")},
    # -- BANG! Legends
    "{seat} stays in the game with {n} life and turns back to the normal side.": {
        "seat": N_plural("You stay in the game with {n} life and turn back to the normal side.",
                         "You stay in the game with {n} life and turn back to the normal side.")},
    "{seat} has already performed, claimed or boasted this turn.": {
        "seat": N_("You have already performed, claimed or boasted this turn.")},
    "{seat} discards the {card} in play.": {"seat": N_("You discard the {card} in play.")},
    "{seat} shows the Missed! {first} and the {card} {second}.": {
        "seat": N_("You show the Missed! {first} and the {card} {second}.")},
    "{seat} shows the Missed! {first} and {second}.": {
        "seat": N_("You show the Missed! {first} and {second}.")},
    "{seat} already has fame on {feat}.": {"seat": N_("You already have fame on {feat}.")},
    "{seat} has no fame tokens left.": {"seat": N_("You have no fame tokens left.")},
    "{seat} boasts about {feat}: {n} fame token ({left} left).": {
        "seat": N_plural("You boast about {feat}: {n} fame token ({left} left).",
                         "You boast about {feat}: {n} fame tokens ({left} left).")},
    "{seat} performs {feat}: {n} fame token ({left} left).": {
        "seat": N_plural("You perform {feat}: {n} fame token ({left} left).",
                         "You perform {feat}: {n} fame tokens ({left} left).")},
    "{seat} becomes a Legend: {character} turns to the legend side.": {
        "seat": N_("You become a Legend: {character} turns to the legend side.")},
    "{seat} has boasted, at the end of the turn: no more cards are played; ending the turn "
    "is what is left.": {
        "seat": N_("You have boasted, at the end of your turn: no more cards are played; "
                   "ending the turn is what is left.")},
    "{seat} cannot lose life to a claim: only another Legend with more than 1 life.": {
        "seat": N_("You cannot lose life to a claim: only another Legend with more than "
                   "1 life.")},
    "{seat} claims {feat}.": {"seat": N_("You claim {feat}.")},
    "{seat} is not in Jail now (a Dynamite comes first).": {
        "seat": N_("You are not in Jail now (a Dynamite comes first).")},
    "{seat} leaves Jail.": {"seat": N_("You leave Jail.")},
    # -- BANG! Star Wars
    "{seat}, Darth Vader, eliminated a Stormtrooper and discards every card in hand and in "
    "play.": {"seat": N_("You, Darth Vader, eliminated a Stormtrooper and discard every card "
                         "in hand and in play.")},
    "{seat} checks for the {card}: passed.": {"seat": N_("Your check for the {card}: passed.")},
    "{seat} checks for the {card}: failed.": {"seat": N_("Your check for the {card}: failed.")},
    "{seat} (Tempered) discards a BANG! to repeat the {card}.": {
        "seat": N_("You (Tempered) discard a BANG! to repeat the {card}.")},
    "The {card} closes on {seat}!": {"seat": N_("The {card} closes on you!")},
    "{seat} breaks out of the {card}.": {"seat": N_("You break out of the {card}.")},
    "{seat} stays frozen in {card} and skips the whole turn.": {
        "seat": N_("You stay frozen in {card} and skip the whole turn.")},
    "Encounter with Destiny applies at {limit} energy or less; {seat} has {energy}.": {
        "seat": N_("Encounter with Destiny applies at {limit} energy or less; you have "
                   "{energy}.")},
    "{seat} now has {energy} energy: the Destiny effect of the {card} no longer applies.": {
        "seat": N_("You now have {energy} energy: the Destiny effect of the {card} no longer "
                   "applies.")},
    "Encounter with Destiny ({card}) after {seat}'s answer.": {
        "seat": N_("Encounter with Destiny ({card}) after your answer.")},
    "Destiny: a card from {seat}'s hand": {"seat": N_("Destiny: a card from your hand")},
    "Destiny: {seat} has nothing left to take.": {"seat": N_("Destiny: you have nothing left to take.")},
    "Destiny: {seat} no longer has that card to discard.": {
        "seat": N_("Destiny: you no longer have that card to discard.")},
    "{seat} and {other} swap hands ({seat} {hand}, {other} {other_hand}).": {
        "seat": N_("You and {other} swap hands (you {hand}, {other} {other_hand})."),
        "other": N_("{seat} and you swap hands ({seat} {hand}, you {other_hand}).")},
    "Destiny: {seat}'s {card}": {"seat": N_("Destiny: your {card}")},
}


def address(message, reader: str | None):
    """`message` as its reader reads it: every message in it (nested ones too) whose
    subject argument is exactly `reader` takes its second-person template. The message
    itself is not changed; one with nothing to change comes back as it is."""
    if not reader or not is_message(message):
        return message
    return _address(message, reader)


def _address(message: dict, reader: str) -> dict:
    out = message
    for key, value in message.items():          # nested messages first: a label, a cause
        kind = type(value)
        if kind is dict and KEY in value:
            said = _address(value, reader)
        elif kind is list and value:
            said = [_address(v, reader) if type(v) is dict and KEY in v else v for v in value]
            if all(a is b for a, b in zip(said, value)):
                continue
        else:
            continue
        if said is not value:
            if out is message:
                out = dict(message)
            out[key] = said
    forms = SECOND_PERSON.get(message[KEY])
    if forms:
        for arg, variant in forms.items():
            if message.get(arg) == reader and type(message.get(arg)) is str:
                out = {k: v for k, v in out.items() if k != arg}
                if isinstance(variant, tuple):
                    out[KEY], out[PLURAL] = variant
                else:
                    out[KEY] = variant
                break
    return out
