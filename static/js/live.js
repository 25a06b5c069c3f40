// The spectator's scoreboard follows the match. Every few seconds, while the page is visible, it asks
// again with the ETag of what it shows: the server answers a bare 304 while nothing changed (cheap for
// both), or the new page, whose board and hand table are swapped in place — no reload, no flash, the
// reader's scroll position kept. Without JavaScript the page's <noscript> meta refresh reloads it.
const board = document.getElementById("live-board");
const status = document.getElementById("live");
const seconds = Number(board?.dataset.seconds) || 2;
let etag = board?.dataset.etag || "";
let busy = false;
let timer = 0;

async function refresh() {
  if (!board || busy || document.hidden || !navigator.onLine) return;
  busy = true;
  try {
    const response = await fetch(location.href, {
      cache: "no-store", credentials: "same-origin", headers: { "If-None-Match": `"${etag}"` },
    });
    if (response.status === 410 || response.status === 404) {
      location.reload(); // the link was replaced: show the page that says so
      return;
    }
    if (response.status !== 200) return; // 304: nothing new
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = fresh.getElementById("live-board");
    if (!next) return;
    board.replaceChildren(...next.childNodes);
    etag = next.dataset.etag || "";
    board.dataset.etag = etag;
    document.title = fresh.title;
    document.dispatchEvent(new CustomEvent("live:updated"));
  } catch {
    // Offline or a dropped connection: keep what is shown; offline.js marks it.
  } finally {
    busy = false;
  }
}

// The next ask comes a whole interval after the last one: a page shown again asks at once, and not again a moment
// later at a tick that was already due.
async function tick() {
  clearTimeout(timer);
  await refresh();
  clearTimeout(timer);
  timer = setTimeout(tick, seconds * 1000);
}

if (board) {
  if (status) status.hidden = false;
  timer = setTimeout(tick, seconds * 1000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) tick(); });
}
