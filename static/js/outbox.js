// The outbox: a hand that could not be sent because the network dropped stays on this phone
// (localStorage) until it is sent — again by a tap, or by itself when the network is back.
// The server records a new hand once per client_token, so sending it again never records it twice.
// The server's answer opens as a real page: it is left for the service worker (sw.js) to show once.
const PREFIX = "outbox:";
const TIMEOUT_MS = 20000;
const texts = document.getElementById("outbox");
const form = document.getElementById("hand");
const matchId = location.pathname.match(/^\/matches\/(\d+)/)?.[1];
const sending = new Set();
let leaving = false; // a page being left sends nothing: its answer would be lost with it

const field = (entry, name) => entry.fields.find(([key]) => key === name)?.[1] ?? "";
const corrected = (url) => url.match(/\/hands\/(\d+)\/edit/)?.[1];
// A new hand waits under its client_token; a correction under the hand it corrects (a correction posted
// from a conflict page carries a new hand's token, yet it is a correction).
function keyOf(entry) {
  const hand = corrected(entry.url);
  return `${PREFIX}${matchId}:${hand ? `edit-${hand}` : field(entry, "client_token") || `new-${field(entry, "number")}`}`;
}

function entryOf(submitter) {
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
  };
  entry.number = corrected(entry.url) ?? field(entry, "number");
  entry.key = keyOf(entry);
  entry.draft = form.dataset.draftGroup; // the draft of this entry (draft.js), forgotten once it is saved
  return entry;
}

// On its own page, a waiting entry is what the form holds now; changed since it failed, it is
// checked again before it is saved (as review.js asks after any change).
function latest(entry) {
  if (!form || entry.key !== entryOf(null).key) return entry;
  const now = entryOf(null);
  const before = entry.fields.filter(([key]) => key !== "action");
  const same = JSON.stringify(now.fields) === JSON.stringify(before);
  now.fields.push(["action", same ? field(entry, "action") : "review"]);
  now.savedAt = entry.savedAt;
  return now;
}

function pending() {
  const entries = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key?.startsWith(`${PREFIX}${matchId}:`)) continue;
    try {
      entries.push({ ...JSON.parse(localStorage.getItem(key)), key });
    } catch {
      localStorage.removeItem(key);
    }
  }
  return entries.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
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

// A form's CSRF token runs out after a while: any page of this session has a fresh one.
async function freshToken(url) {
  try {
    const html = await (await fetch(url, { credentials: "same-origin" })).text();
    return new DOMParser().parseFromString(html, "text/html").querySelector('input[name="csrf_token"]')?.value;
  } catch {
    return null;
  }
}

async function send(entry) {
  if (sending.has(entry.key)) return;
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
    keep(entry);
    sending.delete(entry.key);
    render(entry.key);
    return;
  }
  // Kept unless the server took it in: a refusal (422, 409) comes back as a page with the entry in it.
  const toLogin = response.redirected && new URL(response.url).pathname === "/login";
  if (toLogin || response.status === 400 || response.status >= 500) keep(entry);
  else forget(entry);
  // Saved (the server went on to the scoreboard): the entry's draft on this phone is done (draft.js).
  if (response.ok && response.redirected && !toLogin && entry.draft) {
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

function banner(entry, failed) {
  const node = texts.content.firstElementChild.cloneNode(true);
  for (const text of node.querySelectorAll("[data-when]")) text.hidden = text.dataset.when !== (failed ? "failed" : "pending");
  node.querySelector("[data-number]")?.replaceChildren(entry.number);
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

// The entry on this page, if it waits, shows beside its Save button; any other waiting entry of
// the match is listed at the top of the page.
function render(announce) {
  const current = form ? entryOf(null).key : null;
  document.querySelectorAll(".outbox").forEach((node) => node.remove());
  let list = document.querySelector(".outbox-list");
  for (const entry of pending()) {
    const failed = entry.key === current;
    const node = banner(entry, failed);
    if (failed) form.querySelector(".submit-bar")?.prepend(node);
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

form?.addEventListener("submit", (event) => {
  if (event.defaultPrevented || !matchId) return;
  if (navigator.onLine && !navigator.serviceWorker?.controller) return; // the browser sends it itself
  event.preventDefault();
  const entry = entryOf(event.submitter);
  if (navigator.onLine) send(entry);
  else {
    keep(entry);
    render(entry.key);
  }
});

// Back online (and still so a moment later: networks flap), send the entry on this page (an entry
// page never leaves what is being typed for another hand), or on the scoreboard the first that waits.
const SETTLE_MS = 1000;
addEventListener("online", () => {
  setTimeout(() => {
    if (leaving || !navigator.onLine) return;
    const entries = pending();
    const next = form ? entries.find((entry) => entry.key === entryOf(null).key) : entries[0];
    if (next) send(latest(next));
  }, SETTLE_MS);
});

addEventListener("pagehide", () => {
  leaving = true;
  const waiting = form && pending().find((entry) => entry.key === entryOf(null).key);
  if (waiting) keep(latest(waiting)); // typed after the failure: kept too
});
addEventListener("pageshow", (event) => {
  leaving = false;
  if (event.persisted) sending.clear(); // back to a page kept in memory while it was sending
  render();
});

if (matchId && texts) render();
