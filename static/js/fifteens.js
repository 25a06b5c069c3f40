// The referee's maths in the browser, so the tools answer offline: a port of
// referee/rules/fifteens.py (captures, splitting a pile into fifteens with the fewest
// suspects), of leftover_finding in referee/rules/checks.py, of draw_for_dealer in
// referee/rules/match.py and of count_setenta and leaders in referee/rules/sevens.py. Same algorithm, same order, same answers:
// tests/web/test_tools_js.py runs both on random inputs and compares them.
// Cards are canonical codes ("7o", "10b"); no DOM here, so Node can import it.

const FIFTEEN = 15;
export const DECK_SUM = 220; // 4 suits × (1 + 2 + … + 10)
const LEFTOVER_RESIDUE = 10; // the deck's 220 is 14 fifteens and 10
const SUIT_ORDER = { o: 0, c: 1, e: 2, b: 3 };
// Measured in benchmarks/ for the Python: one removal tried costs about this many states searched.
const STATES_PER_REMOVAL = 256;

/** A card code's counting value and suit letter; throws on anything but the 40 codes. */
// Mirrors Card.parse in referee/rules/cards.py.
export function parseCard(code) {
  const match = /^(10|[1-9])([oceb])$/.exec(code);
  if (!match) throw new RangeError(`unknown card ${JSON.stringify(code)}`);
  return { code, value: Number(match[1]), suit: match[2] };
}

/** The sum of the counting values of some card codes. */
// Mirrors sum(card.value …) in split_pile, referee/rules/fifteens.py.
export function pileSum(codes) {
  return codes.reduce((sum, code) => sum + parseCard(code).value, 0);
}

// Largest value first, then the suit letter (b, c, e, o): the Python key (-value, suit.value).
const byValueDown = (a, b) => b.value - a.value || (a.suit < b.suit ? -1 : a.suit > b.suit ? 1 : 0);
// Deck order: suit (o, c, e, b), then value.
const deckOrder = (a, b) => SUIT_ORDER[a.suit] - SUIT_ORDER[b.suit] || a.value - b.value;

// ---------------------------------------------------------------------------
// Captures

// Mirrors _subsets in referee/rules/fifteens.py.
function* subsets(table, need, start) {
  if (need === 0) {
    yield [];
    return;
  }
  for (let i = start; i < table.length; i += 1) {
    const card = table[i];
    if (card.value <= need) {
      for (const rest of subsets(table, need - card.value, i + 1)) yield [card, ...rest];
    }
  }
}

/** Every set of table cards that makes 15 with the played card: [{cards: [codes], escoba}]. */
// Mirrors find_captures in referee/rules/fifteens.py.
export function findCaptures(cardCode, tableCodes) {
  const card = parseCard(cardCode);
  const ordered = tableCodes.map(parseCard).sort(byValueDown);
  return [...subsets(ordered, FIFTEEN - card.value, 0)].map((cards) => ({
    cards: cards.map((c) => c.code),
    escoba: cards.length === tableCodes.length,
  }));
}

// ---------------------------------------------------------------------------
// Splitting a pile: the search runs on ten counts (counts[v - 1] = cards of value v).

const total = (counts) => counts.reduce((sum, n, i) => sum + (i + 1) * n, 0);
const size = (counts) => counts.reduce((sum, n) => sum + n, 0);
const topValue = (counts) => {
  for (let v = 10; v > 0; v -= 1) if (counts[v - 1]) return v;
  return 0;
};
const key = (counts) => counts.join(",");

// Mirrors _counts in referee/rules/fifteens.py.
function countsOf(values) {
  const counts = new Array(10).fill(0);
  for (const value of values) counts[value - 1] += 1;
  return counts;
}

// Every multiset of available values <= top summing to need, largest values first.
// Like the Python, it takes each partner's values out of `counts` while yielding it.
// Mirrors _partners in referee/rules/fifteens.py.
function* partners(counts, need, top) {
  if (need === 0) {
    yield [];
    return;
  }
  for (let value = Math.min(top, need); value > 0; value -= 1) {
    if (counts[value - 1]) {
      counts[value - 1] -= 1;
      for (const rest of partners(counts, need - value, value)) yield [value, ...rest];
      counts[value - 1] += 1;
    }
  }
}

/** A lower bound on the suspects of a multiset (see _least_suspects in fifteens.py). */
// Mirrors _least_suspects in referee/rules/fifteens.py.
export function leastSuspects(counts) {
  const sum = total(counts);
  let low = 0;
  for (let v = 1; v <= 7; v += 1) low += v * counts[v - 1];
  let placed = 0;
  for (const [need, value] of [[5, 10], [6, 9], [7, 8]]) {
    const fit = Math.min(counts[value - 1], Math.floor(low / need));
    placed += fit;
    low -= fit * need;
  }
  const highBound = counts[7] + counts[8] + counts[9] - placed;
  const odd = counts[0] + counts[2] + counts[4] + counts[6] + counts[8];
  let leftOut = sum - FIFTEEN * Math.min(odd, Math.floor(sum / FIFTEEN));
  let sumBound = 0;
  for (let value = 10; value > 0; value -= 1) {
    if (leftOut <= 0) break;
    const taken = Math.min(counts[value - 1], Math.ceil(leftOut / value));
    sumBound += taken;
    leftOut -= taken * value;
  }
  return Math.max(highBound, sumBound, sum % FIFTEEN ? 1 : 0);
}

// Exact splits of value multisets into fifteens, memoised for one search.
class Splitter {
  constructor() {
    this.memo = new Map();
  }

  split(counts) {
    const k = key(counts);
    if (this.memo.has(k)) return this.memo.get(k);
    if (leastSuspects(counts)) return null;
    const result = this.search(counts);
    this.memo.set(k, result);
    return result;
  }

  search(counts) {
    const top = topValue(counts);
    if (top === 0) return [];
    const work = counts.slice();
    work[top - 1] -= 1;
    for (const partner of partners(work, FIFTEEN - top, top)) {
      const tail = this.split(work.slice());
      if (tail !== null) return [[top, ...partner], ...tail];
    }
    return null;
  }
}

// Every sub-multiset of exactly `count` values that the pile holds, in the Python's order.
// Mirrors _removals in referee/rules/fifteens.py.
function* removals(counts, count) {
  function* pick(value, left) {
    if (value === 0) {
      if (left === 0) yield new Array(10).fill(0);
      return;
    }
    for (let k = Math.min(counts[value - 1], left); k >= 0; k -= 1) {
      for (const rest of pick(value - 1, left - k)) {
        rest[value - 1] = k;
        yield rest;
      }
    }
  }
  yield* pick(10, count);
}

// Mirrors _minus in referee/rules/fifteens.py.
const minus = (counts, values) => {
  const rest = counts.slice();
  for (const value of values) rest[value - 1] -= 1;
  return rest;
};

// Least suspects for any multiset, deciding the largest value first: in a group, or a suspect.
class FewestSuspects {
  constructor() {
    this.memo = new Map();
  }

  solve(counts) {
    const groups = [];
    const removed = new Array(10).fill(0);
    let rest = counts;
    while (size(rest)) {
      let [, group] = this.best(rest);
      if (group === null) {
        const top = topValue(rest);
        removed[top - 1] += 1;
        group = [top];
      } else {
        groups.push(group);
      }
      rest = minus(rest, group);
    }
    return [groups, removed];
  }

  best(counts) {
    const k = key(counts);
    if (this.memo.has(k)) return this.memo.get(k);
    const top = topValue(counts);
    if (top === 0) return [0, null];
    const work = counts.slice();
    work[top - 1] -= 1;
    const floor = leastSuspects(counts);
    let best = [size(counts) + 1, null];
    for (const partner of partners(work, FIFTEEN - top, top)) {
      const suspects = this.best(work.slice())[0];
      if (suspects < best[0]) {
        best = [suspects, [top, ...partner]];
        if (suspects === floor) break;
      }
    }
    if (best[0] > floor) { // no early break, so partners has put `work` back whole
      const asSuspect = 1 + this.best(work.slice())[0];
      if (asSuspect <= best[0]) best = [asSuspect, null];
    }
    this.memo.set(k, best);
    return best;
  }
}

// Groups placing as many values as possible, and the values left out (see _best_split).
// Mirrors _best_split in referee/rules/fifteens.py.
function bestSplit(counts) {
  const splitter = new Splitter();
  const sum = total(counts);
  const states = counts.reduce((product, n) => product * (n + 1), 1);
  const most = Math.floor(states / STATES_PER_REMOVAL);
  for (let count = leastSuspects(counts); count <= size(counts); count += 1) {
    const tries = [];
    for (const removed of removals(counts, count)) {
      tries.push(removed.slice());
      if (tries.length > most) break;
    }
    if (tries.length > most) break;
    for (const removed of tries) {
      if ((sum - total(removed)) % FIFTEEN) continue;
      const groups = splitter.split(counts.map((n, i) => n - removed[i]));
      if (groups !== null) return [groups, removed];
    }
  }
  return new FewestSuspects().solve(counts);
}

/** A pile split into fifteens: {fifteens: [[codes]], suspects: [codes], total, ok}. */
// Mirrors split_pile in referee/rules/fifteens.py.
export function splitPile(codes) {
  const cards = codes.map(parseCard);
  const byValue = new Map();
  for (const card of cards.slice().sort(byValueDown)) {
    if (!byValue.has(card.value)) byValue.set(card.value, []);
    byValue.get(card.value).push(card);
  }
  const [groups, removed] = bestSplit(countsOf(cards.map((c) => c.value)));
  const fifteens = groups.map((group) => group.map((value) => byValue.get(value).shift().code));
  const suspects = [];
  for (let value = 1; value <= 10; value += 1) {
    for (let i = 0; i < removed[value - 1]; i += 1) suspects.push(byValue.get(value).shift());
  }
  const sum = cards.reduce((s, c) => s + c.value, 0);
  return {
    fifteens,
    suspects: suspects.sort(deckOrder).map((c) => c.code),
    total: sum,
    ok: suspects.length === 0,
    multipleOf15: sum % FIFTEEN === 0,
  };
}

// ---------------------------------------------------------------------------
// The leftover and the draw for dealer

/** Check 2 as the rules core words it: "leftover_empty", "leftover_ok" or "leftover_wrong". */
// Mirrors leftover_finding in referee/rules/checks.py.
export function leftoverFinding(sum) {
  if (sum === 0) return "leftover_empty";
  return sum % FIFTEEN === LEFTOVER_RESIDUE ? "leftover_ok" : "leftover_wrong";
}

/** Highest counting value deals; seats tied for it draw again. draws: {seat: code}. */
// Mirrors draw_for_dealer in referee/rules/match.py.
export function drawForDealer(draws) {
  const entries = Object.entries(draws).map(([seat, code]) => [Number(seat), parseCard(code).value]);
  const top = Math.max(...entries.map(([, value]) => value));
  const tied = entries.filter(([, value]) => value === top).map(([seat]) => seat).sort((a, b) => a - b);
  return tied.length === 1 ? { dealer: tied[0], redraw: [] } : { dealer: null, redraw: tied };
}

// ---------------------------------------------------------------------------
// La setenta

/** A card's worth in the setenta, by counting value. */
// Mirrors PRIMIERA in referee/rules/sevens.py.
export const PRIMIERA = { 7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10 };

/** A side's setenta: {best, lacking, total}: each suit's best code in suit order, the suit letters it lacks,
 * the sum (null when it lacks a suit). Among equal worths (the figures) the lowest value is shown. */
// Mirrors count_setenta (best_per_suit, lacking_suits, setenta_of) in referee/rules/sevens.py.
export function countSetenta(codes) {
  const cards = codes.map(parseCard);
  const best = [];
  const lacking = [];
  for (const suit of Object.keys(SUIT_ORDER)) {
    const held = cards.filter((card) => card.suit === suit);
    if (!held.length) {
      lacking.push(suit);
      continue;
    }
    const better = (a, b) => PRIMIERA[a.value] - PRIMIERA[b.value] || b.value - a.value;
    best.push(held.reduce((top, card) => (better(card, top) > 0 ? card : top)).code);
  }
  const total = lacking.length ? null : best.reduce((sum, code) => sum + PRIMIERA[parseCard(code).value], 0);
  return { best, lacking, total };
}

/** The indices holding the highest value; null competes with nothing. */
// Mirrors leaders in referee/rules/sevens.py.
export function leaders(values) {
  const known = values.map((value, i) => [value, i]).filter(([value]) => value !== null);
  if (!known.length) return [];
  const top = Math.max(...known.map(([value]) => value));
  return known.filter(([value]) => value === top).map(([, i]) => i);
}
