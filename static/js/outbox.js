// The outbox: a change that could not be sent because the network dropped stays on this phone (localStorage)
// until it is sent — again by a tap, or by itself when the network is back. Only changes wait here: a hand
// saved, a correction, taking back a hand, restoring one. A hand only checked does not wait (the referee is
// the server): its entry stays on the page and in its draft (draft.js), and the page says it was not checked.
// The server records a new hand once per client_token and refuses a change made from a page older than the
// match (its version), so sending again never does anything twice.
// The server's answer opens as a real page: it is left for the service worker (sw.js) to show once.
const PREFIX = "outbox:";
const TIMEOUT_MS = 20000;
const texts = document.getElementById("outbox");
const uncheckedText = document.getElementById("outbox-unchecked");
const matchId = location.pathname.match(/^\/matches\/(\d+)/)?.[1];
// The forms whose changes wait here: the hand's entry (a new hand or a correction) and each form[data-outbox],
// whose value says what it changes ("undo", "restore", a waiting hand's "confirm" or "pick") and
// data-outbox-number the hand, when no field says.
const FORMS = "form#hand, form[data-outbox]";
const CHANGES = new Set(["save", "correction", "count", "undo", "restore", "confirm", "pick"]);
const entryForm = document.getElementById("hand");
const sending = new Set();
let leaving = false; // a page being left sends nothing: its answer would be lost with it

const field = (entry, name) => entry.fields.find(([key]) => key === name)?.[1] ?? "";
const corrected = (url) => url.match(/\/hands\/(\d+)\/edit/)?.[1];
// A version of one's own of a waiting hand (our count differs): posted to its hand's /count/ page.
const counted = (url) => url.match(/\/hands\/(\d+)\/count\//)?.[1];

// What a post of the hand's entry does: saves a hand or a correction, or (any other button) only checks it.
// Entries kept by an earlier version of this script have no kind: read from their fields the same way.
function kindOf(entry) {
  if (entry.kind) return entry.kind;
  if (field(entry, "action") !== "save") return "check";
  if (counted(entry.url)) return "count";
  return corrected(entry.url) ? "correction" : "save";
}

// A new hand waits under its client_token; a correction under the hand it corrects (a correction posted
// from a conflict page carries a new hand's token, yet it is a correction); any other change under its
// kind and what it is about (its hand, or the trail's event it restores).
function keyOf(entry) {
  const about = (kind) => `${kind}-${entry.url.match(/\/trail\/(\d+)\//)?.[1] ?? entry.number}`;
  const hand = corrected(entry.url);
  const count = counted(entry.url);
  const key = ["undo", "restore", "confirm", "pick"].includes(entry.kind) ? about(entry.kind)
    : count ? `count-${count}` : hand ? `edit-${hand}` : field(entry, "client_token") || `new-${field(entry, "number")}`;
  return `${PREFIX}${matchId}:${key}`;
}

function entryOf(form, submitter) {
  const data = new FormData(form);
  if (submitter?.name) data.append(submitter.name, submitter.value);
  // form.action would be the button named "action": read the attributes. A button may post the form
  // elsewhere (formaction: "Correct hand N with this entry").
  const target = submitter?.getAttribute("formaction") || form.getAttribute("action") || "";
  const action = new URL(target, location.href);
  const entry = {
    url: action.pathname + action.search,
    fields: [...data.entries()].filter(([, value]) => typeof value === "string"),
    savedAt: new Date().toISOString(),
    kind: form.dataset.outbox,
  };
  entry.kind = kindOf(entry);
  entry.number = form.dataset.outboxNumber ?? corrected(entry.url) ?? counted(entry.url) ?? field(entry, "number");
  entry.key = keyOf(entry);
  entry.draft = form.dataset.draftGroup; // the draft of this entry (draft.js), forgotten once it is saved
  return entry;
}

// The forms of this page by the key of what they would send (the first form of each key).
function ownForms() {
  const forms = new Map();
  for (const form of document.querySelectorAll(FORMS)) {
    const { key } = entryOf(form, null);
    if (!forms.has(key)) forms.set(key, form);
  }
  return forms;
}

// On its own page, a waiting entry of the hand is what the form holds now; changed since it failed, it is
// checked again before it is saved (as review.js asks after any change). It stays the change it was.
function latest(entry) {
  if (!entryForm || entry.key !== entryOf(entryForm, null).key) return entry;
  const now = entryOf(entryForm, null);
  const before = entry.fields.filter(([key]) => key !== "action");
  const same = JSON.stringify(now.fields) === JSON.stringify(before);
  now.fields.push(["action", same ? field(entry, "action") : "review"]);
  return { ...now, kind: entry.kind, savedAt: entry.savedAt };
}

function pending() {
  const entries = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.startsWith(`${PREFIX}${matchId}:`)) {
      try {
        entries.push({ ...JSON.parse(localStorage.getItem(key)), key });
      } catch {
        entries.push({ key, kind: "check" }); // unreadable: forgotten below
      }
    }
  }
  // A check kept by an earlier version of this script is no change: its entry is in its draft (draft.js).
  for (const entry of entries.filter((each) => kindOf(each) === "check")) forget(entry);
  return entries.filter((entry) => kindOf(entry) !== "check").map((entry) => ({ ...entry, kind: kindOf(entry) }))
    .sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

function keep(entry) {
  const { key, ...stored } = entry;
  try {
    localStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // storage full or forbidden: the entry is still on the page
  }
}

const forget = (entry) => localStorage.removeItem(entry.key);

function post(entry) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  return fetch(entry.url, {
    method: "POST", body: new URLSearchParams(entry.fields), credentials: "same-origin", redirect: "follow",
    signal: abort.signal,
  }).finally(() => clearTimeout(timer));
}

// A form's CSRF token runs out after a while: any page of this session has a fresh one (the scoreboard
// when the change's own address answers only a POST).
async function freshToken(url) {
  for (const page of [url, `/matches/${matchId}`]) {
    try {
      const html = await (await fetch(page, { credentials: "same-origin" })).text();
      const token = new DOMParser().parseFromString(html, "text/html").querySelector('input[name="csrf_token"]')?.value;
      if (token) return token;
    } catch {
      return null;
    }
  }
  return null;
}

async function send(entry) {
  if (sending.has(entry.key)) return;
  const change = CHANGES.has(entry.kind);
  sending.add(entry.key);
  render();
  let response;
  try {
    response = await post(entry);
    if (response.status === 400) {
      const token = await freshToken(entry.url);
      if (token) {
        entry.fields = entry.fields.map(([key, value]) => [key, key === "csrf_token" ? token : value]);
        response = await post(entry);
      }
    }
  } catch {
    sending.delete(entry.key);
    if (change) keep(entry);
    else unchecked(entry.key);
    render(entry.key);
    return;
  }
  // Kept unless the server took it in: a refusal (422, 409) comes back as a page with the entry in it.
  const toLogin = response.redirected && new URL(response.url).pathname === "/login";
  if (change && (toLogin || response.status === 400 || response.status >= 500)) keep(entry);
  else forget(entry);
  // Saved (the server went on to the scoreboard): the entry's draft on this phone is done (draft.js).
  if (change && response.ok && response.redirected && !toLogin && entry.draft) {
    dispatchEvent(new CustomEvent("draft-saved", { detail: entry.draft }));
  }
  await open(response);
}

// Show the server's answer as the page it is: the scoreboard (with its "saved" message) or the entry page.
async function open(response) {
  if (!navigator.serviceWorker?.controller) {
    location.assign(response.url);
    return;
  }
  const target = new URL(response.url);
  target.searchParams.set("_answer", Math.random().toString(36).slice(2));
  const headers = { "Content-Type": response.headers.get("Content-Type") || "text/html; charset=utf-8" };
  const copy = new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  await (await caches.open("answers")).put(target.href, copy);
  location.assign(target.href);
}

// Beside its form: in its bar of buttons at the bottom of the screen, else just above it.
function besideForm(node, form) {
  const bar = form.querySelector(".submit-bar");
  if (bar) bar.prepend(node);
  else form.before(node);
}

function banner(entry, failed) {
  const node = texts.content.firstElementChild.cloneNode(true);
  const when = failed ? "failed" : "pending";
  for (const text of node.querySelectorAll("[data-when]")) {
    if (text.dataset.when === when && text.dataset.kind === entry.kind) text.querySelector("[data-number]")?.replaceChildren(entry.number);
    else text.remove();
  }
  const again = node.querySelector("[data-send]");
  again.disabled = sending.has(entry.key);
  again.addEventListener("click", () => send(latest(entry)));
  const discard = node.querySelector("[data-discard]");
  if (failed) discard.remove();
  else {
    discard.addEventListener("click", () => {
      if (window.confirm(discard.dataset.confirm)) {
        forget(entry);
        render();
      }
    });
  }
  node.dataset.key = entry.key;
  return node;
}

// A change that waits shows beside its form when this page has it; any other waiting change of the match is
// listed at the top of the page.
function render(announce) {
  const own = ownForms();
  document.querySelectorAll(".outbox:not(.unchecked)").forEach((node) => node.remove());
  let list = document.querySelector(".outbox-list");
  for (const entry of pending()) {
    const form = own.get(entry.key);
    const node = banner(entry, Boolean(form));
    if (form) besideForm(node, form);
    else {
      if (!list) {
        list = document.createElement("div");
        list.className = "outbox-list";
        document.querySelector("main")?.prepend(list);
      }
      list.append(node);
    }
    if (entry.key === announce) node.scrollIntoView({ block: "nearest" });
  }
}

// A hand checked without a network: nothing waits; the page says so, and again once the network is back.
function unchecked(key) {
  const form = ownForms().get(key) ?? entryForm;
  if (!form || !uncheckedText) return;
  document.querySelectorAll(".outbox.unchecked").forEach((node) => node.remove());
  const node = uncheckedText.content.firstElementChild.cloneNode(true);
  besideForm(node, form);
  connection("offline");
  node.scrollIntoView({ block: "nearest" });
}

// The note says so once the network is back (read out again: it is an alert), and again when it goes.
function connection(when) {
  for (const node of document.querySelectorAll(".outbox.unchecked")) {
    const text = uncheckedText.content.querySelector(`[data-when="${when}"]`).cloneNode(true);
    text.hidden = false;
    node.replaceChildren(text);
  }
}
addEventListener("online", () => connection("online"));
addEventListener("offline", () => connection("offline"));

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || !matchId || !form.matches?.(FORMS)) return;
  if (navigator.onLine && !navigator.serviceWorker?.controller) return; // the browser sends it itself
  event.preventDefault();
  const entry = entryOf(form, event.submitter);
  if (navigator.onLine) send(entry);
  else if (CHANGES.has(entry.kind)) {
    keep(entry);
    render(entry.key);
  } else unchecked(entry.key);
});

// Back online (and still so a moment later: networks flap), send the change of this page's own form; an entry
// page sends nothing else (it never leaves what is being typed for another hand), any other page the first that
// waits.
const SETTLE_MS = 1000;
addEventListener("online", () => {
  setTimeout(() => {
    if (leaving || !navigator.onLine) return;
    const entries = pending();
    const own = ownForms();
    const next = entries.find((entry) => own.has(entry.key)) ?? (entryForm ? null : entries[0]);
    if (next) send(latest(next));
  }, SETTLE_MS);
});

addEventListener("pagehide", () => {
  leaving = true;
  const waiting = entryForm && pending().find((entry) => entry.key === entryOf(entryForm, null).key);
  if (waiting) keep(latest(waiting)); // typed after the failure: kept too
});
addEventListener("pageshow", (event) => {
  leaving = false;
  if (event.persisted) sending.clear(); // back to a page from the back/forward cache, left while it was sending
  render();
});

if (matchId && texts) render();
