// The quick entry's worked-out side, in the browser: a port of how complete_tallies in referee/rules/quick.py
// works out the side left out (the deck's 40 cards, 10 oros, 4 sevens, and under the sevens tiebreak 4 sixes,
// aces and fives, less the other sides' counts) and of when it refuses it (more than the deck: a count below
// 0). No DOM here, so Node can import it: tests/web/test_quick_js.py runs both on random entries and compares.

export const DECK = { cards: 40, oros: 10, sevens: 4, sixes: 4, aces: 4, fives: 4 };

/** The last side's `key` count from the other sides' (null while one of them is missing), and whether the
 * others' leave it below 0, which the server refuses. */
// Mirrors _remainder and _remainder_problems in referee/rules/quick.py.
export function restCount(key, values) {
  const left = values.includes(null) ? null : DECK[key] - values.reduce((a, b) => a + b, 0);
  return { left, over: left !== null && left < 0 };
}
