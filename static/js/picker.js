// The card picker: choose where cards go (a side or the table), then tap cards.
// Each card keeps its <select>, so the form is the same with or without JavaScript; the tiles are
// painted from the selects, so a draft restored into them (change events, "draft-restored") shows.
// The quick entry (data-mode="quick") starts with the table's cards: while they add up right the
// counts are asked for; when not, "Turn the piles over" brings the piles' brushes.
const picker = document.querySelector(".picker");
const form = picker.closest("form");
const cards = [...picker.querySelectorAll(".card")];
const sideCount = Number(picker.dataset.sides);
const quick = picker.dataset.mode === "quick";
let pilesAsked = false; // "Turn the piles over" was pressed

const brush = () => picker.querySelector('input[name="brush"]:checked')?.value ?? "L";
const placeName = (select) => select.selectedOptions[0]?.textContent ?? "";
const say = (template, sum) => template.replace("{sum}", String(sum));

function paint(card) {
  const select = card.querySelector("select");
  card.dataset.place = select.value;
  card.querySelector(".badge").textContent = select.value === "" ? "" : placeName(select).slice(0, 12);
  card.setAttribute("aria-label", `${card.dataset.name}: ${select.value === "" ? "—" : placeName(select)}`);
  card.setAttribute("aria-pressed", String(select.value !== ""));
}

function sums() {
  const totals = { L: 0 };
  for (let i = 0; i < sideCount; i += 1) totals[i] = 0;
  let placed = 0;
  let inPiles = 0;
  for (const card of cards) {
    const place = card.querySelector("select").value;
    if (place in totals) {
      placed += 1;
      totals[place] += Number(card.dataset.value);
      if (place !== "L") inPiles += 1;
    }
  }
  return { totals, placed, inPiles };
}

// What the entry asks for next: the quick entry's steps; the entry by cards is always at its piles.
function stageOf({ totals, inPiles }) {
  if (!quick || inPiles > 0) return "piles";
  if (totals.L === 0) return "nothing";
  if (totals.L % 15 === 10) return "counts";
  return pilesAsked ? "piles" : "ask_piles";
}

function update() {
  const now = sums();
  picker.querySelector("[data-count]").textContent = now.placed;
  for (const [place, sum] of Object.entries(now.totals)) {
    // A pile that is a multiple of 15 so far is marked, as a hint while tapping.
    picker.querySelector(`[data-sum="${place}"]`).textContent =
      place !== "L" && sum > 0 && sum % 15 === 0 ? `${sum} ✓` : String(sum);
  }
  const table = now.totals.L;
  const verdict = picker.querySelector("[data-verdict]");
  verdict.textContent = table === 0 ? picker.dataset.verdictEmpty
    : say(table % 15 === 10 ? picker.dataset.verdictRight : picker.dataset.verdictWrong, table);
  verdict.className = table === 0 ? "" : table % 15 === 10 ? "ok" : "bad";
  const stage = stageOf(now);
  if (stage !== "piles") picker.querySelector('input[name="brush"][value="L"]').checked = true;
  form.dataset.stage = stage;
  for (const element of form.querySelectorAll("[data-show-when]")) {
    element.hidden = !element.dataset.showWhen.split(" ").includes(stage);
  }
}

function place(card, where) {
  const select = card.querySelector("select");
  select.value = select.value === where ? "" : where; // tapping again takes the card back
  paint(card);
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

for (const card of cards) {
  card.tabIndex = 0;
  card.setAttribute("role", "button");
  card.addEventListener("click", () => place(card, brush()));
  card.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      place(card, brush());
    }
  });
  paint(card);
}

for (const button of picker.querySelectorAll('.rest button[name="rest"]')) {
  button.type = "button"; // done here at once; without JavaScript the server does it
  button.addEventListener("click", () => {
    for (const card of cards) {
      const select = card.querySelector("select");
      if (select.value === "") {
        select.value = button.value;
        paint(card);
      }
    }
    form.dispatchEvent(new Event("change"));
    update();
  });
}

picker.querySelector("[data-piles]")?.addEventListener("click", () => {
  pilesAsked = true;
  picker.querySelector('input[name="brush"][value="0"]').checked = true;
  update();
  picker.querySelector(".brushes").scrollIntoView({ block: "nearest" });
});

// Repaint from the fields, whoever changed them: a tap, or a draft put back after a reload.
form.addEventListener("change", (event) => {
  const card = event.target.closest?.(".card");
  if (card) paint(card);
  update();
});
form.addEventListener("draft-restored", () => {
  cards.forEach(paint);
  update();
});

picker.classList.add("enhanced");
form.classList.add("enhanced");
picker.querySelector(".picker-bar").hidden = false;
update();
