// − and + beside number inputs: big targets for a thumb, instead of a tiny keyboard.
for (const input of document.querySelectorAll("input[data-stepper]")) {
  const step = (delta) => {
    const min = input.min === "" ? -Infinity : Number(input.min);
    const max = input.max === "" ? Infinity : Number(input.max);
    const next = Math.min(max, Math.max(min, (Number(input.value) || 0) + delta));
    input.value = String(next);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const button = (text, delta, label) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "step";
    b.textContent = text;
    b.setAttribute("aria-label", `${label} ${input.getAttribute("aria-label") || input.labels?.[0]?.textContent || ""}`.trim());
    b.addEventListener("click", () => step(delta));
    return b;
  };
  const wrap = document.createElement("span");
  wrap.className = "stepper";
  input.replaceWith(wrap);
  wrap.append(button("−", -1, "−1"), input, button("+", 1, "+1"));
}
