// The spectator's scoreboard follows the match: fetch the page again every few seconds
// and swap in its content, while the page is visible (a meta refresh would reload the
// whole page under the reader, which WCAG 2.2.1 forbids; without JavaScript it is used).
const live = document.getElementById("live");
const seconds = Number(live?.dataset.seconds) || 10;

async function refresh() {
  if (document.hidden || !navigator.onLine) return;
  try {
    const response = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const main = fresh.querySelector("main");
    if (main) document.querySelector("main").replaceWith(main);
    document.title = fresh.title;
  } catch {
    // Offline or a dropped connection: keep what is shown; offline.js marks it.
  }
}

setInterval(refresh, seconds * 1000);
document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
