// The board's round timer: the time left of the round, counted down every second from the round's start and its
// length written in the page (live.js swaps the page's board in when a round starts, so the timer is looked up
// afresh each second). It reads this screen's clock: a TV whose clock is wrong shows the time wrong by as much.
function pad(n) {
  return String(n).padStart(2, "0");
}

function tick() {
  const timer = document.querySelector("[data-round-start]");
  if (!timer) return;
  const end = Date.parse(timer.dataset.roundStart) + Number(timer.dataset.roundMinutes) * 60000;
  const left = Math.round((end - Date.now()) / 1000);
  const shown = timer.querySelector(".left");
  if (!shown || Number.isNaN(left)) return;
  if (left <= 0) {
    shown.textContent = timer.dataset.over || "0:00";
    timer.classList.add("over");
    return;
  }
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const text = `${pad(minutes)}:${pad(left % 60)}`;
  shown.textContent = hours ? `${hours}:${text}` : text;
  timer.classList.remove("over");
}

document.addEventListener("live:updated", tick); // a new round swapped in: its time at once
tick();
setInterval(tick, 1000);
