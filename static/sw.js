// The service worker, served at /sw.js by referee/views/pwa.py, which fills in CONFIG.
// Static files carry their fingerprint (?v=hash), so the cache answers first. Pages come from
// the network first; scoreboards and tool pages are cached, and a cached copy shown without the
// network says so: <html data-offline-since="…">, which offline.js turns into a banner.
// The outbox (outbox.js) leaves the server's answer to a hand it sent under a one-time
// ?_answer= URL, so that the answer opens as a real page; it is shown here once.
const CONFIG = {"version": "dev", "static": [], "pages": []};
const STATIC = `static-${CONFIG.version}`;
const PAGES = "pages"; // across versions: a scoreboard opened before stays readable
const ANSWERS = "answers";
const SAVED_AT = "X-Saved-At";
const CACHED = /^\/(?:matches\/\d+|watch\/[^/]+|tools\/[^/]*|offline)$/;
const ACCOUNT = /^\/(?:matches|watch)\//;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await (await caches.open(STATIC)).addAll(CONFIG.static);
    const pages = await caches.open(PAGES);
    await Promise.all(CONFIG.pages.map(async (path) => {
      try {
        await cachePage(pages, path, await fetch(path));
      } catch {
        // cached the next time it is opened
      }
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("static-") && name !== STATIC) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A guest's log-out (/account/leave) deletes it: its pages leave this phone as a log-out's do.
  if (request.method === "POST" && (url.pathname === "/logout" || url.pathname === "/account/leave")) {
    event.waitUntil(forgetAccount());
  } else if (request.method !== "GET") {
    // forms go to the server as they are
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  }
});

async function staticFile(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  try {
    const response = await fetch(request);
    if (response.ok && new URL(request.url).searchParams.has("v")) {
      const copy = response.clone();
      await (await caches.open(STATIC)).put(request, copy);
    }
    return response;
  } catch {
    // A page cached by an older version asks for an older fingerprint: the current file will do.
    return (await caches.match(request, { ignoreSearch: true })) || Response.error();
  }
}

async function page(event, url) {
  const { request } = event;
  if (url.searchParams.has("_answer")) {
    const answers = await caches.open(ANSWERS);
    const answer = await answers.match(request);
    if (answer) {
      await answers.delete(request);
      return answer;
    }
  }
  try {
    const response = await fetch(request);
    if (CACHED.test(url.pathname) && !url.searchParams.has("_answer")) {
      const copy = response.clone();
      event.waitUntil(caches.open(PAGES).then((pages) => cachePage(pages, request, copy)));
    }
    return response;
  } catch {
    const pages = await caches.open(PAGES);
    const cached = (await pages.match(request, { ignoreVary: true }))
      || (await pages.match(request, { ignoreVary: true, ignoreSearch: true }))
      || (await pages.match("/offline", { ignoreVary: true }));
    return cached ? marked(cached) : Response.error();
  }
}

// Cache a page with the time it was fetched; only whole pages, never a redirect.
async function cachePage(cache, request, response) {
  const type = response.headers.get("Content-Type") || "";
  if (!response.ok || response.redirected || !type.startsWith("text/html")) return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  headers.delete("Content-Encoding"); // the body is already decoded
  headers.delete("Content-Length");
  const body = await response.blob();
  await cache.put(request, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

// A cached page shown without the network: mark it so the page can say so.
async function marked(response) {
  const at = response.headers.get(SAVED_AT) || "";
  const html = (await response.text()).replace("<html", `<html data-offline-since="${at}"`);
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function forgetAccount() {
  const pages = await caches.open(PAGES);
  for (const request of await pages.keys()) {
    if (ACCOUNT.test(new URL(request.url).pathname)) await pages.delete(request);
  }
}
