// Keep the screen on during a match (Screen Wake Lock API), where the browser has it; the choice
// is remembered on this phone. The browser lets go of the lock when the page is hidden: take it
// again when the page comes back.
const toggle = document.querySelector("[data-wakelock]");
const KEY = "keep-screen-on";
let lock = null;

const wanted = () => localStorage.getItem(KEY) === "on";

function show() {
  toggle.setAttribute("aria-pressed", String(wanted() && lock !== null));
}

async function acquire() {
  if (lock || document.visibilityState !== "visible") return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => {
      lock = null;
      show();
    });
  } catch {
    lock = null; // refused (battery saver, a policy): the switch shows it is off
  }
  show();
}

if (toggle && "wakeLock" in navigator) {
  toggle.addEventListener("click", async () => {
    if (lock) {
      localStorage.removeItem(KEY);
      await lock.release();
      lock = null;
    } else {
      localStorage.setItem(KEY, "on");
      await acquire();
      if (!lock) localStorage.removeItem(KEY);
    }
    show();
  });
  document.addEventListener("visibilitychange", () => {
    if (wanted()) acquire();
  });
  toggle.closest("[hidden]")?.removeAttribute("hidden");
  toggle.hidden = false;
  show();
  if (wanted()) acquire();
}
