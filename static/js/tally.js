// The entry by counts: counts out of their field's range, and counts of one kind that add up to more than the
// deck holds, are said as they are typed, naming the piles to recount (static/js/count-problems.js); a question
// the referee asked (a tie in sevens) goes once its count is given.
import { watchCounts } from "./count-problems.js";

const form = document.getElementById("hand");
const box = form.querySelector("[data-count-problems]");
watchCounts(form, box, JSON.parse(box.dataset.sides).length)();
