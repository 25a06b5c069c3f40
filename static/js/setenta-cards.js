// The setenta's best cards on the entry page: each side's sum shown as its chips are tapped, added up as the rules
// core adds them (setenta-sum.js); the server works it out again on Check. Words come from the page (its language).
import { chosenSum } from "./setenta-sum.js";

const form = document.getElementById("hand");
const boxes = Array.from(form.querySelectorAll("[data-setenta-cards]"));

function paint(box) {
  const cards = Array.from(box.querySelectorAll("input[type=radio]:checked"))
    .filter((input) => input.value)
    .map((input) => ({ suit: input.name.slice(-1), value: Number(input.value) }));
  const out = box.querySelector("[data-setenta-sum]");
  if (cards.length === 0) {
    out.textContent = ""; // nothing tapped: the sum is typed, or still to come
    return;
  }
  const sum = chosenSum(cards);
  out.textContent = sum === 0 ? box.dataset.wordsLacks : box.dataset.wordsSum.replace("{sum}", String(sum));
}

for (const box of boxes) box.addEventListener("change", () => paint(box));
form.addEventListener("draft-restored", () => boxes.forEach(paint));
boxes.forEach(paint);
