// The setenta's best cards on the entry page: each side's sum shown as its chips are tapped, added up as the rules
// core adds them (setenta-sum.js); the server works it out again on Check. Words come from the page (its language).
// In the quick entry the sevens are tapped with the counts, and a side's rows show only where they can change who
// takes the point (setentaBounds, a port of rules/setenta_cards.py): the side that can still reach the most is asked
// first, and once what is told settles the point the other rows fold away. Without this script every row shows, and
// the referee asks on Check for what it still needs.
import { typed } from "./count-problems.js";
import { restCount } from "./rest-counts.js";
import { SUITS, chosenSum, givenSetenta, setentaBounds, setentaOpen } from "./setenta-sum.js";

const form = document.getElementById("hand");
const boxes = Array.from(form.querySelectorAll("[data-setenta-cards]"));
const asks = form.querySelector("[data-setenta-asks]");

// Each suit's tap in a box: a card's value, "" for none, null when untold.
function chips(box) {
  const tapped = Object.fromEntries(SUITS.map((suit) => [suit, null]));
  for (const input of box.querySelectorAll("input[type=radio]:checked")) tapped[input.name.slice(-1)] = input.value;
  return tapped;
}

function paint(box) {
  const tapped = Object.values(chips(box));
  const cards = Object.entries(chips(box)).filter(([, value]) => value)
    .map(([suit, value]) => ({ suit, value: Number(value) }));
  const out = box.querySelector("[data-setenta-sum]");
  if (tapped.every((value) => value === null) || (tapped.includes(null) && !tapped.includes(""))) {
    out.textContent = ""; // nothing tapped, or suits still untold: the sum is typed, or still to come
    return;
  }
  const sum = chosenSum(cards);
  out.textContent = sum === 0 ? box.dataset.wordsLacks : box.dataset.wordsSum.replace("{sum}", String(sum));
}

// The quick entry's sides as setentaBounds reads them, or null while a count above is missing.
function quickSides() {
  const n = boxes.length;
  const counted = Array.from({ length: n - 1 }, (_, i) => ({ cards: typed(form, "cards", i), oros: typed(form, "oros", i) }));
  if (counted.some((side) => side.cards === null || side.oros === null)) return null;
  const sevens = Array.from({ length: n - 1 }, (_, i) => Array.from(
    form.querySelectorAll(`input[name="seven_suits-${i}"][type=checkbox]:checked`), (input) => input.value));
  const taken = new Set(sevens.flat());
  sevens.push(SUITS.filter((suit) => !taken.has(suit)));
  counted.push({
    cards: restCount("cards", counted.map((side) => side.cards)).left,
    oros: restCount("oros", counted.map((side) => side.oros)).left,
  });
  return boxes.map((box, i) => {
    const tapped = chips(box);
    const told = sevens[i].map((suit) => ({ suit, value: 7 }));
    const untold = [];
    for (const suit of SUITS) {
      if (sevens[i].includes(suit)) continue;
      if (tapped[suit] === null) untold.push(suit);
      else if (tapped[suit]) told.push({ suit, value: Number(tapped[suit]) });
    }
    const sum = form.querySelector(`input[name="setenta-${i}"]`)?.value.trim() ?? "";
    return {
      ...counted[i], sevens: sevens[i].length, velo: sevens[i].includes("o"), sevensHeld: sevens[i],
      setenta: /^[0-9]{1,2}$/.test(sum) ? Number(sum) : null, told, untold,
    };
  });
}

function leftover() {
  const cards = Array.from(form.querySelectorAll("select[name^=place-]"))
    .filter((select) => select.value === "L")
    .map((select) => { const code = select.name.slice(6); return { suit: code.slice(-1), value: Number(code.slice(0, -1)) }; });
  const last = form.querySelector("input[name=last_capture]:checked");
  return { cards, last: last ? Number(last.value) : null };
}

// Show the rows that can change the point: those of the side that can reach the most (its untold suits, and those
// it tapped); another side's taps fold away behind "Change" (which names them), to show its rows again. Each side says
// its sum, or the most it can make once it cannot take the point.
function ask() {
  const sides = quickSides();
  asks.querySelector("[data-setenta-wait]").hidden = sides !== null;
  boxes.forEach((box) => { box.hidden = sides === null; });
  if (sides === null) return;
  const table = leftover();
  const bounds = setentaBounds(sides, table.cards, table.last);
  const open = setentaOpen(bounds);
  const first = open.reduce((best, i) => (best === null || bounds[i][1] > bounds[best][1] ? i : best), null);
  boxes.forEach((box, i) => {
    const shown = i === first || box.dataset.changing === "true";
    const folded = [];
    for (const row of box.querySelectorAll("[data-suit]")) {
      const chosen = row.querySelector("input:checked");
      row.hidden = sides[i].sevensHeld.includes(row.dataset.suit) || !shown;
      if (row.hidden && chosen) folded.push(chosen.value ? chosen.getAttribute("aria-label") : row.dataset.none);
    }
    const change = box.querySelector("[data-setenta-change]");
    change.hidden = folded.length === 0;
    change.querySelector("[data-told]").textContent = `: ${folded.join(", ")}`;
    const out = box.querySelector("[data-setenta-sum]");
    const exact = givenSetenta(sides[i]);
    if (exact !== null) {
      out.textContent = exact === 0 ? box.dataset.wordsLacks : box.dataset.wordsSum.replace("{sum}", String(exact));
    } else if (!open.includes(i)) {
      out.textContent = asks.dataset.wordsMost.replace("{most}", String(bounds[i][1]));
    } else {
      out.textContent = i === first ? "" : asks.dataset.wordsOpen.replace("{most}", String(bounds[i][1]));
    }
  });
}

if (asks) {
  asks.addEventListener("click", (event) => {
    const change = event.target.closest("[data-setenta-change]");
    if (!change) return;
    change.closest("[data-setenta-cards]").dataset.changing = "true";
    ask();
  });
  form.addEventListener("change", ask);
  form.addEventListener("input", ask);
  form.addEventListener("draft-restored", ask);
  ask();
} else {
  for (const box of boxes) box.addEventListener("change", () => paint(box));
  form.addEventListener("draft-restored", () => boxes.forEach(paint));
  boxes.forEach(paint);
}
