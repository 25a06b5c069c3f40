// Impossible counts said as they are typed, in the page's own words, the same the server says after Check: a
// count out of its field's range (the form's words), and counts of one kind that pass the deck (40 cards, 10
// oros, 4 sevens) naming the piles to recount (referee/words/deck_words.py recount). The words come with the page
// (templates/hands/_fields.html count_problems): sentences with {names}, {total} and {difference} to fill in.
// A question the referee asked (a tie in sevens to break) is hidden once its count is given.
import { DECK, PILE_COUNTS, overDeck, overField } from "./counts.js";

const fill = (words, values) => words.replace(/\{(\w+)\}/g, (all, key) => String(values[key] ?? all));

// A side's count as typed: a number field's value or the chip picked; null while none is (or not a number).
export function typed(form, key, i) {
  // Under the setenta the quick entry's sevens are tapped by suit: their count is how many are.
  const suits = key === "sevens" ? form.querySelectorAll(`input[name="seven_suits-${i}"][type=checkbox]`) : [];
  if (suits.length) return Array.from(suits).filter((input) => input.checked).length;
  const field = form.querySelector(`input[name="${key}-${i}"]:not([type=radio]), input[name="${key}-${i}"]:checked`);
  const value = field ? field.value.trim() : "";
  return /^[0-9]{1,2}$/.test(value) ? Number(value) : null;
}

// The element that holds a count's field and its messages: the .field around an input, the chips' fieldset.
function holder(form, key, i) {
  const field = form.querySelector(`[name="${key}-${i}"]`);
  return field?.closest(".field, fieldset.chips") ?? null;
}

// Mark one count's field as part of a problem (or not): its border, aria-invalid and what describes it (`id`: its
// own message, shown under it when there is one, or the piles' message below the counts).
function mark(form, key, i, message, id) {
  const box = holder(form, key, i);
  if (!box) return;
  box.classList.toggle("live-error", Boolean(id));
  const input = box.querySelector("input:not([type=radio])");
  if (input && !box.classList.contains("has-error")) {
    if (id) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    if (id) input.setAttribute("aria-describedby", id);
    else if (input.getAttribute("aria-describedby")?.startsWith("count-problem")) input.removeAttribute("aria-describedby");
  }
  // The server's own message for it, after Check, is said once: not again beside it.
  const server = [...box.querySelectorAll(".error:not([data-live-error])")].some((e) => !e.hidden && e.textContent === message);
  let said = box.querySelector("[data-live-error]");
  if (server) message = null;
  if (message && !said) {
    said = document.createElement("p");
    said.className = "error";
    said.dataset.liveError = "";
    said.id = id;
    box.append(said);
  }
  if (said) {
    said.hidden = !message;
    said.textContent = message ?? "";
  }
}

// Watch the counts of `sides` sides (every side by counts; all but the last the quick way) and say what they make
// impossible in `box` (the element count_problems renders). Returns the check, to run once the page is painted.
export function watchCounts(form, box, sides) {
  const recount = JSON.parse(box.dataset.recount);
  const range = JSON.parse(box.dataset.range);
  const names = JSON.parse(box.dataset.sides);
  const list = new Intl.ListFormat(document.documentElement.lang || undefined, { type: "conjunction" });
  let changed = false; // until a count changes, the box says what the server said

  function check() {
    const said = [];
    for (const key of PILE_COUNTS) {
      const values = Array.from({ length: sides }, (_, i) => typed(form, key, i));
      const outside = overField(values, DECK[key]);
      const over = overDeck(values, DECK[key]);
      const id = `count-problem-${key}`;
      values.forEach((_, i) => {
        if (outside.includes(i)) mark(form, key, i, range[key], `${id}-${i}`);
        else mark(form, key, i, null, over?.piles.includes(i) ? box.id : null);
      });
      if (over) {
        said.push({ id, words: fill(recount[key], { ...over, names: list.format(over.piles.map((i) => names[i])) }) });
      }
    }
    if (!changed) return;
    box.replaceChildren(...said.map(({ id, words }) => {
      const p = document.createElement("p");
      p.className = "error";
      p.id = id;
      p.textContent = words;
      return p;
    }));
  }

  const changes = (event) => {
    if (!isCount(event.target)) return;
    changed = true;
    check();
  };
  form.addEventListener("input", changes);
  form.addEventListener("change", (event) => {
    answered(event.target);
    changes(event);
  });
  form.addEventListener("draft-restored", () => {
    changed = true;
    check();
  });
  return check;
}

const isCount = (field) => PILE_COUNTS.some((key) => field.name?.startsWith(`${key}-`));

// A count given where the referee asked for it (or where the server refused the last one): its question, or its
// message from the last Check, no longer holds.
function answered(field) {
  const box = field.closest?.(".field, fieldset.chips");
  if (!box || (field.type === "radio" ? !field.checked : field.value.trim() === "")) return;
  for (const ask of box.querySelectorAll("[data-ask]")) {
    ask.hidden = true;
    // The same question in the referee's list at the top is answered too; the list goes with its last one.
    const listed = document.querySelector(`[data-asks] a[href="#${CSS.escape(ask.id.replace(/-ask$/, ""))}"]`);
    if (listed) listed.closest("li").hidden = true;
    const asks = listed?.closest("[data-asks]");
    if (asks && !asks.querySelector("li:not([hidden])")) asks.hidden = true;
  }
  box.classList.remove("awaiting");
  if (box.classList.contains("has-error")) {
    box.classList.remove("has-error");
    for (const error of box.querySelectorAll(".error:not([data-live-error])")) error.hidden = true;
    const input = box.querySelector("input:not([type=radio])");
    input?.removeAttribute("aria-invalid");
  }
}

// The referee's questions at the top of a checked entry: the focus goes there, as to an error summary, so that
// the person sees them and a screen reader reads them first.
document.querySelector("[data-asks]")?.focus();
