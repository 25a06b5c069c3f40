// Drafts: what is typed into a form[data-draft] stays on this phone (localStorage) until the server
// says it saved it, across a reload, a closed tab and the back button. Back on the form, the draft is
// put back with a notice ("Your unsaved entry was restored · Discard").
//
// - The key is the form's data-draft ("<group>:<part>", written by the template: one hand of one match,
//   one way of entering it). A page after a save names the groups it saved ([data-draft-saved]: the
//   flash after a save, the scoreboard's saved hands), and their drafts are forgotten; so does an
//   offline resend the outbox delivers (a "draft-saved" event). A log-out form[data-drafts-forget]
//   forgets every draft: nothing of one account stays for the next. A link [data-draft-forget="<group>"]
//   forgets that group's drafts when followed (a conflict page's "Keep hand N as saved").
// - Kept: every named field the person fills in; not the CSRF token, the hidden fields the page writes
//   itself, passwords, nor anything inside [data-draft-skip].
// - A page answering a POST ([data-draft-posted]) already holds what was typed: nothing is restored over
//   it; what it holds becomes the draft (a refused save keeps its entry on the phone).
// - Restored values are set before the page's other scripts start (they read the form as it is), then
//   each restored field gets a bubbling "change" event and the form a "draft-restored" event, once every
//   script is listening (DOMContentLoaded). Discard puts back what the server wrote, with "change" events
//   and a "draft-discarded" event.
const PREFIX = "draft:";
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000; // a draft untouched for two weeks is forgotten
const SKIPPED_TYPES = new Set(["hidden", "password", "file", "submit", "button", "reset", "image"]);
// Module scripts run before DOMContentLoaded, in their order: the page's other scripts listen from then.
let loaded = false;
document.addEventListener("DOMContentLoaded", () => { loaded = true; }, { once: true });

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage forbidden: the form works, without drafts
  }
}

function keys() {
  const store = storage();
  if (!store) return [];
  const found = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) found.push(key);
  }
  return found;
}

function read(key) {
  try {
    const draft = JSON.parse(storage()?.getItem(PREFIX + key) ?? "null");
    return draft && typeof draft.fields === "object" && draft.fields ? draft : null;
  } catch {
    return null;
  }
}

function write(key, fields) {
  try {
    storage().setItem(PREFIX + key, JSON.stringify({ savedAt: Date.now(), fields }));
    return true;
  } catch {
    return false; // storage full or forbidden: the entry is still on the page
  }
}

const remove = (key) => storage()?.removeItem(PREFIX + key);

// Forget a group's drafts (every part of it) or one draft by its whole key.
function forget(group) {
  for (const key of keys()) {
    if (key === PREFIX + group || key.startsWith(`${PREFIX}${group}:`)) storage().removeItem(key);
  }
}

function forgetAll() {
  for (const key of keys()) storage().removeItem(key);
}

function prune() {
  for (const key of keys()) {
    const draft = read(key.slice(PREFIX.length));
    if (!draft || !(Date.now() - draft.savedAt < MAX_AGE_MS)) storage().removeItem(key);
  }
}

function kept(element) {
  if (!element.name || element.name === "csrf_token") return false;
  if (!["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName)) return false;
  return !SKIPPED_TYPES.has(element.type) && !element.closest("[data-draft-skip]");
}

const controls = (form) => [...form.elements].filter(kept);
const isChoice = (element) => element.type === "radio" || element.type === "checkbox";

// A single select shows its last option marked selected, else its first.
function defaultOption(select) {
  const marked = [...select.options].filter((option) => option.defaultSelected);
  return marked.at(-1) ?? select.options[0];
}

// The form's values by name: as they are now, or as the server wrote them (`written`).
function values(form, written = false) {
  const fields = {};
  for (const element of controls(form)) {
    const list = (fields[element.name] ??= []);
    if (isChoice(element)) {
      if (written ? element.defaultChecked : element.checked) list.push(element.value);
    } else if (element.tagName === "SELECT" && element.multiple) {
      for (const option of element.options) if (written ? option.defaultSelected : option.selected) list.push(option.value);
    } else if (element.tagName === "SELECT") {
      list.push(written ? defaultOption(element)?.value ?? "" : element.value);
    } else {
      list.push(written ? element.defaultValue : element.value);
    }
  }
  return fields;
}

// Two sets of values are the same for the fields both know (a field added to the page since is not a change).
function same(a, b) {
  return Object.keys(a).every((name) => !(name in b) || JSON.stringify(a[name]) === JSON.stringify(b[name]));
}

// Set the form's fields to these values; the fields that changed.
function apply(form, fields) {
  const changed = [];
  const seen = {};
  for (const element of controls(form)) {
    const list = fields[element.name];
    if (!Array.isArray(list)) continue;
    const before = isChoice(element) ? element.checked : element.value;
    if (isChoice(element)) element.checked = list.includes(element.value);
    else if (element.tagName === "SELECT" && element.multiple) {
      for (const option of element.options) option.selected = list.includes(option.value);
    } else if (element.tagName === "SELECT") {
      if ([...element.options].some((option) => option.value === list[0])) element.value = list[0];
    } else {
      const index = (seen[element.name] = (seen[element.name] ?? -1) + 1);
      if (typeof list[index] === "string") element.value = list[index];
    }
    if (before !== (isChoice(element) ? element.checked : element.value)) changed.push(element);
  }
  return changed;
}

// Tell the page's scripts (the card picker repaints) once they all listen.
function announce(form, fields, eventName) {
  const send = () => {
    for (const element of fields) element.dispatchEvent(new Event("change", { bubbles: true }));
    form.dispatchEvent(new CustomEvent(eventName, { bubbles: true }));
  };
  if (loaded) send();
  else document.addEventListener("DOMContentLoaded", send, { once: true });
}

function removeNotice(form) {
  if (form.previousElementSibling?.matches(".draft-notice")) form.previousElementSibling.remove();
}

function showNotice(form, onDiscard) {
  const template = document.getElementById("draft-notice");
  if (!template) return;
  removeNotice(form);
  const notice = template.content.firstElementChild.cloneNode(true);
  notice.querySelector("[data-draft-discard]").addEventListener("click", () => {
    onDiscard();
    notice.remove();
  });
  // A reload keeps the page where it was scrolled: the notice stays in view until the person goes on
  // with the entry (a tap or a keystroke of theirs, not the events of the restore).
  notice.classList.add("fresh");
  const settle = (event) => {
    if (!event.isTrusted || notice.contains(event.target)) return;
    notice.classList.remove("fresh");
    for (const type of ["click", "input"]) form.removeEventListener(type, settle);
  };
  for (const type of ["click", "input"]) form.addEventListener(type, settle);
  form.before(notice);
}

function attach(form) {
  const key = form.dataset.draft;
  const group = form.dataset.draftGroup ?? key;
  const posted = form.hasAttribute("data-draft-posted");
  let done = false; // saved, as the server or the outbox said: nothing more to keep from this page
  let stored = false; // this page's entry is on the phone (so a draft gone meanwhile was saved or discarded)

  const save = () => {
    if (done) return;
    const now = values(form);
    // A page answering a POST holds an entry not saved yet, even when untouched since.
    if (!posted && same(now, values(form, true))) {
      remove(key);
      stored = false;
    } else stored = write(key, now);
  };
  const discard = () => {
    remove(key);
    announce(form, apply(form, values(form, true)), "draft-discarded");
    // The notice (and its button, which had the focus) goes: the focus goes to the form's first field.
    controls(form).find((element) => element.getClientRects().length > 0)?.focus({ preventScroll: true });
  };
  const restore = () => {
    const draft = read(key);
    if (!draft) return false;
    if (same(draft.fields, values(form, true))) {
      remove(key); // nothing typed that the page does not show
      return false;
    }
    stored = true;
    if (same(draft.fields, values(form))) return false; // the page shows it already (from the back/forward cache)
    const changed = apply(form, draft.fields);
    showNotice(form, discard);
    announce(form, changed, "draft-restored");
    return true;
  };

  if (posted) save();
  else restore();

  // The picker and the steppers set values without an event of their own: read the form after the tap.
  for (const type of ["input", "change"]) form.addEventListener(type, () => { done = false; save(); });
  for (const type of ["click", "keyup"]) form.addEventListener(type, () => setTimeout(save, 0));
  form.addEventListener("submit", save);
  addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") save(); });
  addEventListener("draft-saved", (event) => {
    if (event.detail === group || event.detail === key) done = true;
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    // Back to this page as it was left (the back-forward cache). Its draft may have moved on meanwhile:
    // typed on in another tab (put back), or saved or forgotten (this page is out of date: load it again).
    done = false;
    if (restore()) return;
    if (stored && !read(key) && !same(values(form), values(form, true))) location.reload();
  });
}

function forgetSaved() {
  for (const element of document.querySelectorAll("[data-draft-saved]")) {
    for (const group of element.dataset.draftSaved.split(/\s+/).filter(Boolean)) forget(group);
  }
}

addEventListener("draft-saved", (event) => { if (typeof event.detail === "string") forget(event.detail); });
document.addEventListener("submit", (event) => {
  if (event.target.matches?.("[data-drafts-forget]")) forgetAll();
});
document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[data-draft-forget]");
  if (!link) return;
  forget(link.dataset.draftForget);
  // The page's own form would write its draft again as the page is left: it is done.
  dispatchEvent(new CustomEvent("draft-saved", { detail: link.dataset.draftForget }));
});

prune();
forgetSaved();
for (const form of document.querySelectorAll("form[data-draft]")) attach(form);
