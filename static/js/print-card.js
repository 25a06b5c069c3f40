// The rules card's "Print the card" button: shown only where a script can print (a printed page needs none).
const button = document.querySelector("[data-print]");
if (button && typeof window.print === "function") {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
