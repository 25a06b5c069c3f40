// The error summary of a refused form (the errors_of macro): the focus goes to it as the page opens,
// so that a screen reader reads it first and the person sees it; each of its links puts the focus on
// the field itself (a plain link would only scroll, and not to a field JavaScript hides, such as a
// card's select in the picker) with the field's label or legend in view.
const summary = document.querySelector("[data-error-summary]");

// The element to focus for a target: the field, or when it is not shown, the nearest shown element
// that takes the focus around it (the picker's card tile for its hidden select).
function focusable(target) {
  if (target.getClientRects().length > 0) return target;
  return target.closest('[tabindex]:not([tabindex="-1"])') ?? target.closest("fieldset, .field") ?? target;
}

// What to bring into view with the field: its legend or label, so that the question is seen with it.
function caption(target) {
  const label = target.id ? document.querySelector(`label[for="${CSS.escape(target.id)}"]`) : null;
  if (target.type === "radio" || target.type === "checkbox") return target.closest("fieldset") ?? label ?? target;
  return label?.getClientRects().length ? label : target;
}

if (summary) {
  summary.focus();
  summary.addEventListener("click", (event) => {
    const link = event.target.closest('a[href^="#"]');
    const target = link && document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    const field = focusable(target);
    if (field.tabIndex < 0 && !field.matches("input, select, textarea, button")) field.tabIndex = -1;
    caption(target).scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  });
}
