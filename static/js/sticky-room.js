// Focus Not Obscured (WCAG 2.2, 2.4.11): a control reached by Tab is scrolled clear of the bars that stay on the
// screen, through the page's scroll padding (static/css/app.css), which this keeps to the room the bars take now.
// Their height changes with the language, the width, the entry's step (a quick entry's bar grows once the piles are
// asked for) and what shows in them (who else is entering, over the buttons; a draft brought back), so no fixed
// figure fits them all.
const TOP = ".picker-bar, .draft-notice.fresh";
const BOTTOM = ".submit-bar, .main-actions .entering.shown";
const GAP = 8; // the focus ring's outline and offset (5 px), and a little air

const root = document.documentElement;

function room(selector, edge) {
  let most = 0;
  for (const bar of document.querySelectorAll(selector)) {
    const style = getComputedStyle(bar);
    if (!["sticky", "fixed"].includes(style.position) || style.visibility === "hidden") continue;
    const box = bar.getBoundingClientRect();
    if (!box.height) continue;
    // How far from its edge of the screen the bar reaches once stuck there, with what it shows laid over the page
    // beside it (who else is entering, above the buttons).
    let top = box.top;
    if (edge === "bottom") {
      for (const over of bar.querySelectorAll(".entering.shown")) top = Math.min(top, over.getBoundingClientRect().top);
    }
    const reach = box.bottom - top + (parseFloat(edge === "top" ? style.top : style.bottom) || 0);
    most = Math.max(most, reach);
  }
  return most ? `${Math.ceil(most) + GAP}px` : "0px";
}

let pending = false;
function measure() {
  pending = false;
  root.style.setProperty("--bar-top", room(TOP, "top"));
  root.style.setProperty("--bar-bottom", room(BOTTOM, "bottom"));
}

function later() {
  if (!pending) {
    pending = true;
    requestAnimationFrame(measure);
  }
}

if (document.querySelector(".picker-bar, .submit-bar, [data-entering], form[data-draft]")) {
  measure();
  const sizes = new ResizeObserver(later);
  for (const bar of document.querySelectorAll(".picker-bar, .submit-bar")) sizes.observe(bar);
  new MutationObserver(later).observe(document.body, {subtree: true, childList: true, attributes: true,
                                                       attributeFilter: ["class", "hidden"]});
  addEventListener("resize", later);
}
