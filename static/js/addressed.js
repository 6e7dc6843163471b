// The second person on one's own phone, for the pages' own sentences (the server's come
// worded for their reader: companion/addressed.py). Keyed by the English template given to
// t(): for each argument that may name the phone's own player, the template said to him
// (the base's placeholders less that argument). i18n.js takes it when that argument is,
// exactly, the reader's seat name (setReader); on the host screen no reader is set.
const N_ = (text) => text;   // marks a template for the catalogs (make messages)

export const SECOND_PERSON = {
  "{seat}'s {weapon} reaches {n}: {bang} {bang_ok} · {panic} {panic_ok}": {
    seat: N_("Your {weapon} reaches {n}: {bang} {bang_ok} · {panic} {panic_ok}") },
  "{seat} sees {target} at distance {n}": {
    seat: N_("You see {target} at distance {n}"),
    target: N_("{seat} sees you at distance {n}") },
  "Yes: {seat} may aim it at {target} now.": {
    seat: N_("Yes: you may aim it at {target} now."),
    target: N_("Yes: {seat} may aim it at you now.") },
  "{target} cannot be aimed at.": { target: N_("You cannot be aimed at.") },
  "Yes: {seat} may play {card} now.": { seat: N_("Yes: you may play {card} now.") },
  "You choose the order. The {card} first: {seat} answers it before the Destiny effect. The Destiny effect first: it happens before {seat} answers.": {
    seat: N_("You choose the order. The {card} first: you answer it before the Destiny effect. The Destiny effect first: it happens before you answer.") },
  "{seat} out, by {by}": { seat: N_("You are out, by {by}"), by: N_("{seat} out, by you") },
  "{seat} out": { seat: N_("You are out") },
  // the open questions about one's own card (bits.js pendingText): "Bob must answer your BANG!"
  "{seat} must answer {card} from {from}": { from: N_("{seat} must answer your {card}") },
  "{seat} each must answer {card} from {from}": { from: N_("{seat} each must answer your {card}") },
  "{seat} must discard a {bang} in the {duel} from {from}, or lose it": {
    from: N_("{seat} must discard a {bang} in your {duel}, or lose it") },
  // the challenger asked in his own Duel (bits.js pendingText): not "the Duel from Ann"
  "You must discard a {bang} in the {duel} from {from}, or lose it": {
    from: N_("You must discard a {bang} in your own {duel}, or lose it") },
  "{seat} must discard a {bang} against {indians} from {from}, or lose 1 {life}": {
    from: N_("{seat} must discard a {bang} against your {indians}, or lose 1 {life}") },
  "{seat} each must discard a {bang} against {indians} from {from}, or lose 1 {life}": {
    from: N_("{seat} each must discard a {bang} against your {indians}, or lose 1 {life}") },
};
