// Counts the deck cannot hold, as the rules core refuses them (no DOM here, so Node can import it): counts of one
// kind that add up to more than the deck holds (rules/quick.py _remainder_problems, rules/tally.py _totals), the
// piles to recount named by the page; and a count past the most its field takes (the forms' NumberRange).
import { DECK } from "./rest-counts.js";

export { DECK };
// The counts every pile is counted by (referee/words/deck_words.py DECK_HOLDS).
export const PILE_COUNTS = Object.freeze(["cards", "oros", "sevens"]);

// The sides whose count passes the most its field takes (the forms' NumberRange: 40, 10, 4), by index.
export function overField(values, most) {
  return values.flatMap((value, i) => (value !== null && value > most ? [i] : []));
}

// Counts of one kind that add up to more than the deck's `total`, each within its field: the sum, by how much it
// passes the deck, and the sides that count some (the piles to recount); null when they do not. Missing values
// (null) count for nothing: the counts typed so far already pass the deck.
export function overDeck(values, total) {
  if (overField(values, total).length > 0) return null; // a field out of its range says so itself
  const sum = values.reduce((all, value) => all + (value ?? 0), 0);
  if (sum <= total) return null;
  return { total: sum, difference: sum - total, piles: values.flatMap((value, i) => (value ? [i] : [])) };
}
