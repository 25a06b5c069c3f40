// The quick entry's last side: its counts are what the deck leaves after the others' (40 cards,
// 10 oros, 4 sevens), shown as they are typed; the server works them out again (referee/rules/quick.py).
// Under the sevens tiebreak, its sixes, aces and fives too (4 of each); a page without them skips them.
// The arithmetic is rest-counts.js's, which the tests compare with the rules core. Counts the deck cannot
// leave (a side worked out below 0) are said at once, naming the piles to recount (count-problems.js).
import { watchCounts, typed } from "./count-problems.js";
import { DECK, restCount } from "./rest-counts.js";

const form = document.getElementById("hand");
const counted = Number(form.querySelector(".picker").dataset.sides) - 1;
const problems = watchCounts(form, form.querySelector("#rest-counts [data-count-problems]"), counted);

function paint() {
  for (const key of Object.keys(DECK)) {
    const out = form.querySelector(`[data-rest-count="${key}"]`);
    if (!out) continue; // a count this match does not ask for
    const { left, over } = restCount(key, Array.from({ length: counted }, (_, i) => typed(form, key, i)));
    out.textContent = left === null ? "—" : String(left);
    out.classList.toggle("bad", over); // more than the deck: said below, and by the server
  }
  problems();
}

form.addEventListener("input", paint);
form.addEventListener("change", paint);
form.addEventListener("draft-restored", paint);
paint();
