// La setenta of a side's best cards, tapped: a port of chosen_sum in referee/rules/setenta_cards.py (each card's
// worth by the primiera table, added up; 0 for a side lacking a suit). No DOM here, so Node can import it:
// tests/web/test_setenta_js.py runs both on every choice of best cards and compares.

// The primiera table by counting value (referee/rules/sevens.py PRIMIERA): a figure (8, 9, 10) is worth 10.
export const PRIMIERA = Object.freeze({ 7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10 });
export const SUITS = Object.freeze(["o", "c", "e", "b"]);

/** The setenta of best cards given as [{suit, value}], one a suit: their worths added, 0 when a suit is missing. */
export function chosenSum(cards) {
  const held = new Set(cards.map((card) => card.suit));
  if (!SUITS.every((suit) => held.has(suit))) return 0;
  return cards.reduce((sum, card) => sum + PRIMIERA[card.value], 0);
}
