// Pages that follow a match or an event: the spectator page, the scoreboards, the entry page's notice, a
// tournament's page and its round sheet, a club's page and the TV board. Each region marked data-live (or
// #live-board) asks its address again (data-live-src, else the page's own) with the ETag of what it shows
// (data-etag): the server answers a bare 304 while nothing changed, cheap for both, or the new page, whose region
// of the same id is swapped in place: no reload, no flash, the reader's scroll position kept.
//
// - Every data-seconds (2 by default) while the page is shown; every HIDDEN_SECONDS while it is hidden (another tab,
//   the screen off): a page shown again asks at once, so a hidden one needs only to stay roughly current. When the
//   browser freezes the page (a phone asleep, a tab discarded: the freeze event) nothing is asked until it resumes
//   (resume, pageshow), which asks at once.
// - A region is not swapped while the reader is typing in it or has a form of it open or changed (a field focused
//   or edited, an open <details> holding a form): its ETag is kept, so the next ask brings the change again.
//   Elements marked data-live-keep (with an id) stay as they are across a swap, and open <details> stay open.
// - A region with data-live-hand (the entry page's "saved on another phone") is never swapped: it is shown once the
//   asked page's region named by data-live-from says that its match holds that hand (data-hands), then asks no more.
// Without JavaScript the spectator page and the board reload themselves (<noscript> meta refresh).
const HIDDEN_SECONDS = 30;

function changed(field) {
  if (field.type === "hidden" || field.disabled) return false;
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  if (field.tagName === "SELECT") return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

// The reader is at work in the region: a field of it focused or changed, a form of it open in a <details>.
function inUse(region) {
  const active = document.activeElement;
  if (active && region.contains(active) && active.matches("input, textarea, select, [contenteditable]")) return true;
  if ([...region.querySelectorAll("details[open]")].some((details) => details.querySelector("form"))) return true;
  return [...region.querySelectorAll("input, textarea, select")].some(changed);
}

function swap(region, next) {
  for (const kept of region.querySelectorAll("[data-live-keep][id]")) {
    next.querySelector(`#${CSS.escape(kept.id)}`)?.replaceWith(kept);
  }
  const open = [...region.querySelectorAll("details")].map((details) => details.open);
  region.replaceChildren(...next.childNodes);
  region.querySelectorAll("details").forEach((details, i) => { if (open[i]) details.open = true; });
  for (const [name, value] of Object.entries(next.dataset)) region.dataset[name] = value;
}

// One follower per address: its regions, asked in one request.
class Follower {
  constructor(src, regions) {
    this.src = src;
    this.regions = regions;
    this.seconds = Math.min(...regions.map((region) => Number(region.dataset.seconds) || 2));
    this.etag = regions[0].dataset.etag || "";
    this.busy = false;
    this.timer = 0;
    this.frozen = false;
    this.done = false;
  }

  async ask() {
    if (this.busy || this.frozen || this.done || !navigator.onLine) return;
    this.busy = true;
    try {
      // X-Live-Poll: a poll, which shows no message (views/spectator_polls.py answers its 304 before the app).
      const headers = { "X-Live-Poll": "1", ...(this.etag ? { "If-None-Match": `"${this.etag}"` } : {}) };
      const response = await fetch(this.src, { cache: "no-store", credentials: "same-origin", headers });
      if ([403, 404, 410].includes(response.status) || response.redirected) {
        if (this.src === location.href) location.reload(); // the link replaced, the role ended: the page says so
        this.done = true;
        return;
      }
      if (response.status !== 200) return; // 304: nothing new
      this.take(new DOMParser().parseFromString(await response.text(), "text/html"));
    } catch {
      // Offline or a dropped connection: keep what is shown; offline.js marks it.
    } finally {
      this.busy = false;
    }
  }

  take(fresh) {
    let etag = null;
    let swapped = false;
    for (const region of this.regions) {
      const from = fresh.getElementById(region.dataset.liveFrom || region.id);
      if (!from) continue;
      if (region.dataset.liveHand) {
        if (Number(from.dataset.hands) >= Number(region.dataset.liveHand)) {
          region.hidden = false;
          this.done = true;
        }
        etag = from.dataset.etag || "";
      } else if (!inUse(region)) {
        swap(region, from);
        swapped = true;
        etag = etag ?? (from.dataset.etag || "");
      } else {
        return; // kept as it is, ETag and all: the next ask brings the change again
      }
    }
    if (etag !== null) this.etag = etag;
    if (swapped) {
      if (this.src === location.href) document.title = fresh.title;
      document.dispatchEvent(new CustomEvent("live:updated"));
    }
  }

  // The next ask comes a whole interval after the last one: a page shown again asks at once, and not again a moment
  // later at a tick that was already due.
  async tick() {
    clearTimeout(this.timer);
    await this.ask();
    this.schedule();
  }

  schedule() {
    clearTimeout(this.timer);
    if (this.frozen || this.done) return;
    this.timer = setTimeout(() => this.tick(), (document.hidden ? HIDDEN_SECONDS : this.seconds) * 1000);
  }

  freeze() {
    this.frozen = true;
    clearTimeout(this.timer);
  }

  resume() {
    this.frozen = false;
    this.tick();
  }
}

const bySource = new Map();
for (const region of document.querySelectorAll("[data-live], #live-board")) {
  const src = new URL(region.dataset.liveSrc || location.href, location.href).href;
  bySource.set(src, [...(bySource.get(src) || []), region]);
}
const followers = [...bySource].map(([src, regions]) => new Follower(src, regions));

if (followers.length) {
  const status = document.getElementById("live");
  if (status) status.hidden = false;
  followers.forEach((follower) => follower.schedule());
  document.addEventListener("visibilitychange", () => {
    followers.forEach((follower) => (document.hidden ? follower.schedule() : follower.tick()));
  });
  document.addEventListener("freeze", () => followers.forEach((follower) => follower.freeze()));
  document.addEventListener("resume", () => followers.forEach((follower) => follower.resume()));
  addEventListener("pageshow", (event) => {
    if (event.persisted) followers.forEach((follower) => follower.resume()); // back from the back-forward cache
  });
  addEventListener("pagehide", () => followers.forEach((follower) => follower.freeze()));
}
