// Once the entry changes after a review, that review no longer describes it: hide Save
// until the hand is checked again (the server checks again on save in any case).
const form = document.getElementById("hand");
const save = form?.querySelector("button.save");
if (save) {
  const stale = () => {
    save.hidden = true;
    form.querySelector(".submit-bar").classList.remove("two");
    form.querySelector('.submit-bar button[value="review"]').classList.add("primary");
    form.querySelector(".review")?.classList.add("stale");
  };
  form.addEventListener("input", stale, { once: true });
  form.addEventListener("change", (event) => { if (event.target.name !== "brush") stale(); });
  form.addEventListener("click", (event) => { if (event.target.closest(".card, [data-rest]")) stale(); });
}

document.getElementById("review")?.focus();
