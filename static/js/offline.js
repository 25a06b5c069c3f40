// Every page: install the service worker (static/sw.js), which keeps the app working offline.
// A page that has an offline banner (the scoreboards) shows it, with the time of the score
// shown, whenever that score is not live: a copy cached on this phone, or the network gone.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}

// The outbox opens the server's answer under a one-time ?_answer= URL: keep the address clean.
const here = new URL(location.href);
if (here.searchParams.has("_answer")) {
  here.searchParams.delete("_answer");
  history.replaceState(history.state, "", here.pathname + here.search + here.hash);
}

const banner = document.querySelector("[data-offline-banner]");
if (banner) {
  const root = document.documentElement;
  const cachedAt = root.dataset.offlineSince; // set by the service worker on a cached copy
  const updated = cachedAt ? new Date(cachedAt) : new Date();
  const time = banner.querySelector("time");
  if (time && !Number.isNaN(updated.getTime())) {
    time.dateTime = updated.toISOString();
    time.textContent = updated.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  }
  const show = () => {
    banner.hidden = cachedAt === undefined && navigator.onLine;
    root.classList.toggle("offline", !banner.hidden);
  };
  addEventListener("online", show);
  addEventListener("offline", show);
  show();
}
