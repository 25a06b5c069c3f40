// The card picker: choose where cards go (a side or the table), then tap cards.
// Each card keeps its <select>, so the form is the same with or without JavaScript.
const picker = document.querySelector(".picker");
const cards = [...picker.querySelectorAll(".card")];
const sideCount = Number(picker.dataset.sides);

const brush = () => picker.querySelector('input[name="brush"]:checked')?.value ?? "0";
const placeName = (select) => select.selectedOptions[0]?.textContent ?? "";

function paint(card) {
  const select = card.querySelector("select");
  card.dataset.place = select.value;
  card.querySelector(".badge").textContent = select.value === "" ? "" : placeName(select).slice(0, 12);
  card.setAttribute("aria-label", `${card.dataset.name}: ${select.value === "" ? "—" : placeName(select)}`);
  card.setAttribute("aria-pressed", String(select.value !== ""));
}

function totals() {
  const sums = { L: 0 };
  for (let i = 0; i < sideCount; i += 1) sums[i] = 0;
  let placed = 0;
  for (const card of cards) {
    const place = card.querySelector("select").value;
    if (place !== "") {
      placed += 1;
      sums[place] += Number(card.dataset.value);
    }
  }
  picker.querySelector("[data-count]").textContent = placed;
  for (const [place, sum] of Object.entries(sums)) {
    const out = picker.querySelector(`[data-sum="${place}"]`);
    // A pile that is a multiple of 15 so far is marked, as a hint while tapping.
    out.textContent = place !== "L" && sum > 0 && sum % 15 === 0 ? `${sum} ✓` : String(sum);
  }
}

function place(card, where) {
  const select = card.querySelector("select");
  select.value = select.value === where ? "" : where; // tapping again takes the card back
  paint(card);
}

for (const card of cards) {
  card.tabIndex = 0;
  card.setAttribute("role", "button");
  card.addEventListener("click", () => { place(card, brush()); totals(); });
  card.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      place(card, brush());
      totals();
    }
  });
  paint(card);
}

for (const button of picker.querySelectorAll("[data-rest]")) {
  button.addEventListener("click", () => {
    for (const card of cards) {
      const select = card.querySelector("select");
      if (select.value === "") {
        select.value = button.dataset.rest;
        paint(card);
      }
    }
    totals();
  });
}

// A value set by another script (a draft put back or discarded, static/js/draft.js) comes with a "change" event.
picker.addEventListener("change", (event) => {
  const card = event.target.closest(".card");
  if (card) {
    paint(card);
    totals();
  }
});

picker.classList.add("enhanced");
picker.querySelectorAll("[hidden]").forEach((element) => { element.hidden = false; });
totals();
