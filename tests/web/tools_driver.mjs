// Runs static/js/fifteens.js on cases read as JSON from stdin, for tests/web/test_tools_js.py.
// Input: [{"op": "captures", "card": "3c", "table": ["7o"]}, {"op": "split", "pile": [...]},
//         {"op": "leftover", "sum": 25}, {"op": "draw", "draws": {"0": "7o", "1": "10c"}},
//         {"op": "setenta", "cards": ["7o", "6c"]}, {"op": "leaders", "values": [70, null, 70]}]
// Output: one answer per case, in order, as JSON on stdout.
import * as fifteens from "../../static/js/fifteens.js";

const ops = {
  captures: (c) => fifteens.findCaptures(c.card, c.table),
  split: (c) => fifteens.splitPile(c.pile),
  leftover: (c) => fifteens.leftoverFinding(c.sum),
  draw: (c) => fifteens.drawForDealer(c.draws),
  setenta: (c) => fifteens.countSetenta(c.cards),
  leaders: (c) => fifteens.leaders(c.values),
};

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const answers = JSON.parse(input).map((c) => ops[c.op](c));
process.stdout.write(JSON.stringify(answers));
