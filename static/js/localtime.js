// Times in the phone's own time zone: the server writes each time in UTC, as <time datetime="…Z">
// with UTC text (what a page without JavaScript keeps); this rewrites the text in the page's language.
// data-local="date" shows the day only; anything else the day and the time.
const language = document.documentElement.lang || undefined;
const formats = {
  date: new Intl.DateTimeFormat(language, { dateStyle: "medium" }),
  datetime: new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }),
};

function localise() {
  for (const element of document.querySelectorAll("time[data-local]:not([title])")) {
    const moment = new Date(element.dateTime);
    if (Number.isNaN(moment.getTime())) continue;
    const format = formats[element.dataset.local] || formats.datetime;
    element.title = element.textContent.trim(); // the UTC time stays at hand
    element.textContent = format.format(moment);
  }
}

localise();
document.addEventListener("live:updated", localise); // a page's region swapped in by live.js: its times too
