// The draw for dealer's card grids: no two players draw the same card, so a card one player picked is greyed
// out (and cannot be picked) in the other players' grids, and each player's card is named beside their name.
// Only colours and words change: the grids are laid out by the server from the first paint. Without JavaScript
// the server refuses a card picked twice, naming the player who had it.
const form = document.querySelector("form.draw-cards");
const grids = [...form.querySelectorAll(".draw-grid")];

const nameOf = (input) => input.closest("label").querySelector("[aria-label]")?.getAttribute("aria-label") ?? "";

function paint() {
  const owner = new Map(); // card code → the grid that picked it
  for (const grid of grids) {
    const picked = grid.querySelector("input:checked");
    if (picked) owner.set(picked.value, grid);
    grid.querySelector("[data-picked]").textContent = picked ? nameOf(picked) : "";
  }
  for (const grid of grids) {
    for (const input of grid.querySelectorAll("input")) {
      const taker = owner.get(input.value);
      // A card already picked here stays enabled, so that a draft restored with a card twice still posts it.
      input.disabled = taker !== undefined && taker !== grid && !input.checked;
    }
  }
}

form.addEventListener("change", paint);
form.addEventListener("draft-restored", paint);
form.addEventListener("draft-discarded", paint);
paint();
