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

// What can change the point when some suits are untold: a port of setenta_bounds and setenta_open in
// referee/rules/setenta_cards.py (tests/web/test_setenta_js.py compares them on random hands). A side is
// {cards, oros, sevens, velo, setenta (a typed sum or null), told: [{suit, value}] or null, untold: [suit, …]};
// the leftover [{suit, value}] went to the side `lastCapture` (null while unknown: then it says nothing).
const FIGURE = 8;
const BY_WORTH = [7, 6, 1, 5, 4, 3, 2];
const LACKS = 0;
const MOST = 84;

function lacksTold(side) {
  const told = new Set([...(side.told ?? []).map((card) => card.suit), ...side.untold]);
  return SUITS.some((suit) => !told.has(suit)) || side.oros === 0 || side.cards < SUITS.length;
}

// A side with its oros untold but the velo: the velo is its best oro (mirrors inferred).
function inferred(side) {
  if (!side.velo || !side.untold.includes("o") || !side.told) return side;
  return { ...side, told: [{ suit: "o", value: 7 }, ...side.told], untold: side.untold.filter((suit) => suit !== "o") };
}

/** A side's setenta as given: its sum, or its cards' when every suit is told; 0 when it lacks a suit; else null. */
export function givenSetenta(given) {
  const side = inferred(given);
  if (side.setenta !== null && side.setenta !== undefined) return side.setenta;
  if (!side.told) return null;
  if (side.untold.length) return lacksTold(side) ? LACKS : null;
  return chosenSum(side.told);
}

/** Each side's [least, most] setenta by what is known (mirrors setenta_bounds). */
export function setentaBounds(given, leftover, lastCapture) {
  const sides = given.map(inferred);
  return sides.map((side, i) => {
    const exact = givenSetenta(side);
    if (exact !== null) return [exact, exact];
    if (!side.told) return [LACKS, MOST];
    const elsewhere = new Set();
    sides.forEach((other, j) => {
      if (j === i) return;
      for (const card of other.told ?? []) if (card.value < FIGURE) elsewhere.add(`${card.value}${card.suit}`);
    });
    if (lastCapture !== null && i !== lastCapture) for (const card of leftover) elsewhere.add(`${card.value}${card.suit}`);
    const held = new Set(i === lastCapture ? leftover.map((card) => card.suit) : []);
    if (side.oros) held.add("o");
    const told = side.told.reduce((sum, card) => sum + PRIMIERA[card.value], 0);
    const sevensLeft = side.sevens - side.told.filter((card) => card.value === 7).length;
    let least = told;
    let most = told;
    for (const suit of side.untold) {
      const free = BY_WORTH.filter((value) => !elsewhere.has(`${value}${suit}`)
        && (value !== 7 || (sevensLeft > 0 && (suit !== "o" || side.velo))));
      most += free.length ? PRIMIERA[free[0]] : PRIMIERA[FIGURE];
      least += PRIMIERA[FIGURE];
    }
    return [side.untold.every((suit) => held.has(suit)) ? least : LACKS, most];
  });
}

/** The sides whose untold cards can change who takes the point (mirrors setenta_open). */
export function setentaOpen(bounds) {
  const top = Math.max(...bounds.map(([least]) => least));
  return bounds.flatMap(([least, most], i) => (least !== most && most >= top ? [i] : []));
}
