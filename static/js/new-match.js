// Show only the name fields the chosen seating uses (all stay usable without JavaScript).
const form = document.querySelector("form");
const seatsFor = (value) => (value === "pairs" ? 4 : Number(value) || 2);

function update() {
  const chosen = form.querySelector('input[name="seating"]:checked');
  const count = seatsFor(chosen ? chosen.value : "pairs");
  form.querySelectorAll(".seat").forEach((seat) => {
    seat.hidden = Number(seat.dataset.seat) >= count;
  });
  form.querySelectorAll('#first_dealer option').forEach((option) => {
    option.hidden = option.value !== "draw" && Number(option.value) >= count;
  });
}

form.addEventListener("change", update);
update();

// The first-dealer list names the players as they are typed.
const dealerOptions = [...form.querySelectorAll("#first_dealer option")];
function nameDealers() {
  form.querySelectorAll(".seat input").forEach((input, seat) => {
    const option = dealerOptions.find((o) => o.value === String(seat));
    if (option) option.textContent = input.value.trim() || option.dataset.seatLabel;
  });
}
dealerOptions.forEach((option) => { option.dataset.seatLabel = option.textContent; });
form.addEventListener("input", nameDealers);
nameDealers();

// Picking house rules reloads the page filled in with their rules: the players typed so far go along in the link's
// query (read back by forms/profiles.py's TypedPlayersForm). Without JavaScript the link alone picks the rules.
const carried = ["seating", "first_dealer", "names-0", "names-1", "names-2", "names-3"];
document.querySelectorAll(".profile-picks a").forEach((link) => {
  link.addEventListener("click", (event) => {
    const url = new URL(link.href);
    const typed = new FormData(form);
    carried.forEach((name) => {
      const value = typed.get(name);
      if (value) url.searchParams.set(name, value);
    });
    if (!url.searchParams.has("club") && typed.get("club")) url.searchParams.set("club", typed.get("club"));
    event.preventDefault();
    window.location.assign(url);
  });
});
