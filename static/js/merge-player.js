// The merge page (templates/players/merge.html): the second "Keep the name" choice reads the name of the
// player picked in the select above it, as the page does once it is sent with a player picked. Without
// JavaScript it says "the other player's name", which is true too.
const form = document.querySelector("[data-merge-player]");
const select = form?.querySelector('select[name="other"]');
const label = form?.querySelector('input[name="keep"][value="other"] + span');

if (select && label) {
  select.addEventListener("change", () => {
    const picked = select.selectedOptions[0];
    label.textContent = picked && picked.value ? picked.textContent : form.dataset.mergePlayer;
  });
}
