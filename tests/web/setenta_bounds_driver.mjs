// Runs the bounds of static/js/setenta-sum.js (what can change the setenta point) on cases read as JSON from stdin,
// for tests/web/test_setenta_js.py. Input: [{"sides": [...], "leftover": [...], "last": 0}, …] in the shape
// setentaBounds reads. Output: each case's [bounds, open sides], in order, as JSON on stdout.
import { setentaBounds, setentaOpen } from "../../static/js/setenta-sum.js";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify(JSON.parse(input).map(({ sides, leftover, last }) => {
  const bounds = setentaBounds(sides, leftover, last);
  return [bounds, setentaOpen(bounds)];
})));
