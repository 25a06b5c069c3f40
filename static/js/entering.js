// Who is entering (referee/views/presence.py): so that two people at the table don't type the same hand.
// A new hand's entry page says which hand it is entering every SAY ms while it is shown, and that it left
// (a beacon) as soon as it is hidden or closed; the scoreboard and the entry pages ask every ASK ms, while
// shown, who else is entering, and write it in their [data-entering] line, a polite live region laid out
// beforehand (nothing moves when it fills). Offline, or when the server cannot say, the line says nothing. It is
// a notice, never a lock: nothing here stops a hand from being entered or saved.
const ASK = 10000;
const SAY = 15000;
const line = document.querySelector("[data-entering]");

if (line) {
  const url = line.dataset.entering;
  const hand = line.dataset.enteringHand; // only on a new hand's entry page
  const token = document.querySelector('input[name="csrf_token"]')?.value;
  let asking = false;

  const show = (words) => {
    const text = words.join(" ");
    if (line.textContent !== text) line.textContent = text;
    line.classList.toggle("shown", text !== "");
  };

  const ask = async () => {
    if (document.hidden || asking) return;
    if (!navigator.onLine) {
      show([]);
      return;
    }
    asking = true;
    try {
      const response = await fetch(url, { credentials: "same-origin", cache: "no-store",
                                           headers: { Accept: "application/json" } });
      const json = response.ok && (response.headers.get("Content-Type") || "").includes("json");
      show(json ? (await response.json()).entering.map((seen) => seen.words) : []);
    } catch {
      show([]); // no network: say nothing rather than something old
    } finally {
      asking = false;
    }
  };

  const body = (leaving) => {
    const fields = new URLSearchParams({ csrf_token: token, hand });
    if (leaving) fields.set("leaving", "y");
    return fields;
  };

  const say = () => {
    if (!hand || !token || document.hidden || !navigator.onLine) return;
    fetch(url, { method: "POST", body: body(false), credentials: "same-origin" }).catch(() => {});
  };

  // Sent as the page goes away (a beacon outlives it): the other phones stop saying so at once.
  const leave = () => {
    if (hand && token) navigator.sendBeacon(url, body(true));
  };

  setInterval(ask, ASK);
  setInterval(say, SAY);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      leave();
    } else {
      say();
      ask();
    }
  });
  addEventListener("pagehide", leave);
  addEventListener("pageshow", (event) => {
    if (event.persisted) { // back from the back/forward cache: entering again
      say();
      ask();
    }
  });
  addEventListener("offline", () => show([]));
  addEventListener("online", ask);
  say();
  ask();
}
