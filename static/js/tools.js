// The referee tools answer here, at once and without the network, as the server would:
// the maths is fifteens.js (a port of the rules core), the words are the page's own
// <template data-word> elements, in the page's language. Without JavaScript, or if
// anything here fails, the form goes to the server as it is.
import {
  DECK_SUM, PRIMIERA, countSetenta, drawForDealer, findCaptures, leaders, leftoverFinding, parseCard, pileSum, splitPile,
} from "./fifteens.js";

const form = document.getElementById("tool");
const answer = document.getElementById("answer");

// -- the page's words ----------------------------------------------------------

/** A <template data-word> as nodes, each {name} in its text replaced by values[name]. */
function word(key, values = {}) {
  const fragment = document.querySelector(`template[data-word="${key}"]`).content.cloneNode(true);
  const walker = document.createTreeWalker(fragment, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    node.textContent = node.textContent.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }
  return fragment;
}

const text = (key, values) => word(key, values).textContent.trim();

class Refused extends Error {
  constructor(problems, fields = []) {
    super(problems.join("; "));
    this.problems = problems;
    this.fields = fields;
  }
}

// -- cards ----------------------------------------------------------------------

const ticked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((input) => input.value);
const tileOf = (code) => form.querySelector(`.tile[data-code="${code}"]`);
const cardName = (code) => tileOf(code).dataset.name;

/** A card in an answer, as the server's mini macro draws it: the tile's face and its name. */
function mini(code) {
  const tile = tileOf(code);
  const span = document.createElement("span");
  span.className = `mini suit-${parseCard(code).suit}`;
  span.title = tile.dataset.name;
  const name = document.createElement("span");
  name.className = "visually-hidden";
  name.textContent = tile.dataset.name;
  span.append(tile.querySelector(".face").cloneNode(true), name);
  return span;
}

const minis = (codes, between = " + ") => codes.flatMap((code, i) => (i ? [between, mini(code)] : [mini(code)]));

function element(tag, className, children = []) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

// -- the five tools: each reads the form and returns the answer's nodes, or throws Refused -----

const tools = {
  captures() {
    const [card] = ticked("card");
    const table = ticked("table");
    const missing = [[!card, "card", "no-card"], [!table.length, "table", "no-table"]].filter(([gap]) => gap);
    if (missing.length) throw new Refused(missing.map(([, , key]) => text(key)), missing.map(([, field]) => field));
    if (table.includes(card)) throw new Refused([text("card-on-table", { card: cardName(card) })]);
    const found = findCaptures(card, table);
    if (!found.length) return [word("none", { card: cardName(card) })];
    const note = document.querySelector('template[data-word="shown"]');
    const shown = Number(note.dataset.shown);
    const items = found.slice(0, shown).map((capture) => {
      const item = element("li", capture.escoba ? "escoba" : "", [mini(card), " + ", ...minis(capture.cards), " = 15"]);
      if (capture.escoba) item.append(word("escoba"));
      return item;
    });
    return [word("ways", { card: cardName(card) }), element("ol", "captures", items),
      ...(found.length > shown ? [word("shown")] : [])];
  },

  leftover() {
    const tapped = ticked("cards");
    const typed = form.elements.sum.value.trim();
    let sum;
    if (!typed) {
      if (!tapped.length) throw new Refused([text("no-input")], ["cards", "sum"]);
      sum = pileSum(tapped);
    } else if (!/^[0-9]+$/.test(typed)) {
      throw new Refused([text("not-whole")], ["sum"]);
    } else if (Number(typed) > DECK_SUM) {
      throw new Refused([text("too-much")], ["sum"]);
    } else if (tapped.length && pileSum(tapped) !== Number(typed)) {
      throw new Refused([text("disagree", { cards: pileSum(tapped), typed: Number(typed) })], ["cards", "sum"]);
    } else {
      sum = Number(typed);
    }
    return [word(leftoverFinding(sum), { sum })];
  },

  dispute() {
    const pile = ticked("pile");
    if (!pile.length) throw new Refused([text("no-pile")], ["pile"]);
    const split = splitPile(pile);
    const kind = split.ok ? "ok" : (split.multipleOf15 ? "unsplittable" : "not-multiple");
    const nodes = [word(kind, { sum: split.total })];
    if (split.fifteens.length) {
      nodes.push(word("fifteens"), element("ul", "groups", split.fifteens.map((group) => element("li", "", minis(group)))));
    }
    if (split.suspects.length) {
      nodes.push(word("suspects"), element("p", "suspects", minis(split.suspects, " ")), word("suspects-note"));
    }
    return nodes;
  },

  draw() {
    const rows = [...form.querySelectorAll(".draw-row")].map((row, i) => {
      const name = form.elements[`name-${i}`];
      return { name: name.value.trim(), player: name.value.trim() || name.placeholder, select: form.elements[`card-${i}`] };
    });
    const problems = [];
    const fields = [];
    const drawn = {};
    rows.forEach((row, i) => {
      if (row.select.value) drawn[i] = row.select.value;
      else if (row.name) {
        problems.push(text("no-card", { name: row.name }));
        fields.push(`card-${i}`);
      }
    });
    const seats = Object.keys(drawn).map(Number);
    if (!problems.length && seats.length < 2) problems.push(text("too-few"));
    if (new Set(Object.values(drawn)).size !== seats.length) problems.push(text("same-card"));
    if (new Set(seats.map((seat) => rows[seat].player)).size !== seats.length) problems.push(text("same-name"));
    if (problems.length) throw new Refused(problems, fields);
    const result = drawForDealer(drawn);
    const nodes = [result.dealer === null ? word("tie") : word("dealer", { name: rows[result.dealer].player })];
    nodes.push(element("ul", "drawn", seats.map((seat) => {
      const kind = seat === result.dealer ? "dealer" : (result.redraw.includes(seat) ? "tied" : "");
      const { select } = rows[seat];
      const item = element("li", kind, [element("span", "who", [rows[seat].player]), " ",
        element("span", "what", [select.selectedOptions[0].textContent]), " ",
        element("span", "value", [String(parseCard(select.value).value)])]);
      if (kind) item.append(word(kind === "dealer" ? "deals-tag" : "again-tag"));
      return item;
    })));
    if (result.redraw.length) {
      const again = word("again");
      const query = new URLSearchParams({ style: form.elements.style.value });
      result.redraw.forEach((seat, k) => query.append(`name-${k}`, rows[seat].player));
      const link = again.querySelector("a");
      link.href = `${link.pathname}?${query}`;
      nodes.push(again);
    }
    return nodes;
  },

  setenta() {
    const piles = ["a", "b"].map(ticked);
    const sides = [0, 1].map((i) => text(`side-${i}`));
    const missing = [0, 1].filter((i) => !piles[i].length);
    if (missing.length) throw new Refused(missing.map((i) => text(`no-cards-${i}`)), missing.map((i) => ["a", "b"][i]));
    const both = piles[0].filter((code) => piles[1].includes(code));
    if (both.length) throw new Refused([text("both", { card: cardName(both[0]) })], ["a", "b"]);
    const counts = piles.map(countSetenta);
    const totals = counts.map((count) => count.total);
    const top = leaders(totals);
    let verdict;
    if (top.length === 1) {
      const [taker] = top;
      const other = 1 - taker;
      verdict = totals[other] === null
        ? word("takes-lacking", { side: sides[taker], other: sides[other] })
        : word("takes", { side: sides[taker], best: totals[taker], other: totals[other] });
    } else {
      verdict = top.length ? word("tie", { sum: totals[0] }) : word("nobody");
    }
    const suits = new Intl.ListFormat(document.documentElement.lang, { type: "disjunction" });
    const rows = counts.map((count, i) => {
      const best = element("span", "best", count.best.flatMap((code, k) => [
        ...(k ? [" + "] : []),
        element("span", "worth", [mini(code), " ", element("b", "", [String(PRIMIERA[parseCard(code).value])])]),
      ]));
      if (count.total !== null) best.append(" = ", element("strong", "", [String(count.total)]));
      const row = element("li", top.length === 1 && top[0] === i ? "taker" : "", [element("span", "who", [sides[i]]), " ", best]);
      if (count.lacking.length) {
        const names = suits.format(count.lacking.map((suit) => text(`suit-${suit}`)));
        row.append(" ", element("span", "lacks", [text("lacks", { suits: names })]));
      }
      return row;
    });
    return [verdict, element("ul", "setenta-sides", rows)];
  },
};

// -- showing an answer ------------------------------------------------------------

function markInvalid(fields) {
  for (const scope of form.querySelectorAll("[data-field]")) {
    const bad = fields.includes(scope.dataset.field);
    scope.classList.toggle("has-error", bad);
    for (const input of scope.querySelectorAll(`[name="${scope.dataset.field}"]`)) {
      if (bad) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
  }
}

function refusal(problems) {
  const box = word("problems");
  box.querySelector("ul").append(...problems.map((problem) => element("li", "", [problem])));
  return [box];
}

/** Answer the form as it stands, or say what stops the referee; the address follows the form. */
function answerHere(scroll) {
  let nodes;
  try {
    nodes = tools[form.dataset.tool]();
    markInvalid([]);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    nodes = refusal(error.problems);
    markInvalid(error.fields);
  }
  answer.replaceChildren(...nodes);
  answer.hidden = false;
  const query = new URLSearchParams(new FormData(form));
  history.replaceState(history.state, "", `${location.pathname}?${query}#answer`);
  if (scroll) {
    answer.scrollIntoView({ block: "start" });
    answer.focus({ preventScroll: true });
  }
}

function clear() {
  for (const input of form.querySelectorAll("input[type=checkbox], input[type=radio]")) input.checked = false;
  for (const input of form.querySelectorAll("input[type=text]")) input.value = "";
  for (const select of form.querySelectorAll("select")) select.value = "";
  markInvalid([]);
  answer.replaceChildren();
  answer.hidden = true;
  history.replaceState(history.state, "", `${location.pathname}?style=${encodeURIComponent(form.elements.style.value)}`);
}

/** Fill the form from a query, as the server would from that address, and answer it if it asks. */
function follow(wanted) {
  for (const field of form.elements) {
    if (!field.name || field.type === "hidden") continue;
    if (field.type === "checkbox" || field.type === "radio") field.checked = wanted.getAll(field.name).includes(field.value);
    else field.value = wanted.get(field.name) ?? "";
  }
  // Like the server: the form's check field, or a link carrying what it asks about (not names alone).
  const asks = form.dataset.asks.split(" ").some((name) => wanted.has(name));
  if (asks) {
    answerHere(false);
  } else {
    markInvalid([]);
    answer.replaceChildren();
    answer.hidden = true;
    history.replaceState(history.state, "", `${location.pathname}?${wanted}`);
  }
  return asks;
}

let answered = !answer.hidden;

form.addEventListener("submit", (event) => {
  try {
    answerHere(true);
    answered = true;
    event.preventDefault();
  } catch (error) {
    console.error(error); // the server answers instead
  }
});

const again = () => {
  if (!answered) return;
  try {
    answerHere(false);
  } catch (error) {
    console.error(error);
  }
};
form.addEventListener("change", again);
form.addEventListener("input", (event) => { if (event.target.type === "text") again(); });

form.querySelector("[data-clear]").addEventListener("click", (event) => {
  event.preventDefault();
  clear();
  answered = false;
});

// "Draw again" (after a tie) opens the same form with the tied players' names: done here, offline too.
answer.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-again]");
  if (!link) return;
  try {
    answered = follow(new URL(link.href).searchParams);
    event.preventDefault();
    form.querySelector("select")?.focus();
  } catch (error) {
    console.error(error); // the link goes to the server
  }
});

// A page cached by the service worker may have been answered for another query: make the
// form and the answer those of this page's address.
try {
  const wanted = new URLSearchParams(location.search);
  if (wanted.toString() !== new URLSearchParams(form.dataset.query).toString()) answered = follow(wanted);
} catch (error) {
  console.error(error);
}
